import { addedRegionRules, changedRules, changedSwitches, epochOfLocal, type RegistrationRule } from './brand-model';

// What the brand page sends and when it asks first.

const rule = (field: string, change: Partial<RegistrationRule> = {}): RegistrationRule => ({
  field,
  enabled: true,
  required: false,
  minLength: 5,
  maxLength: 64,
  acceptedPattern: '*',
  patternId: 0,
  type: 'text',
  reads: { enabled: true, required: true },
  ...change,
});

it('sends only the switches and rule parts that differ from what was read', () => {
  expect(changedSwitches([{ name: 'freePlay', moduleId: 'FREEPLAY3', enabled: true }, { name: 'smsLogin', moduleId: 'MOBILEVERCODELOGIN3', enabled: false }], { FREEPLAY3: true, MOBILEVERCODELOGIN3: true })).toEqual({
    MOBILEVERCODELOGIN3: true,
  });
  expect(changedRules([rule('email'), rule('qqNum')], { email: { enabled: true, required: true, minLength: 5, maxLength: 80 }, qqNum: { enabled: true, required: false, minLength: 5, maxLength: 64 } })).toEqual({
    email: { required: true, maxLength: 80 },
  });
});

it('counts a region rule as new unless the same one (country codes in any case) is in force', () => {
  const stored = [{ kind: 'country' as const, value: 'KP', note: '' }];
  expect(addedRegionRules(stored, [{ kind: 'country', value: 'kp ', note: 'x' }])).toEqual([]);
  expect(addedRegionRules(stored, [{ kind: 'ip', value: '203.0.113.7', note: '' }])).toEqual([{ kind: 'ip', value: '203.0.113.7', note: '' }]);
  expect(addedRegionRules(stored, [])).toEqual([]);
});

it('reads a datetime-local value, empty as none', () => {
  expect(epochOfLocal('')).toBeNull();
  expect(epochOfLocal('2026-11-29T21:00')).toBe(new Date('2026-11-29T21:00').getTime());
  expect(epochOfLocal('nonsense')).toBeNull();
});
