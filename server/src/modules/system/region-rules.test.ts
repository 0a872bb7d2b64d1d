import { isRestricted, type RegionRule } from './region-rules';

describe('isRestricted', () => {
  const rules: RegionRule[] = [
    { kind: 'country', value: 'VN' },
    { kind: 'ip', value: '192.0.2.1' },
    { kind: 'cidr', value: '198.51.100.0/24' },
    { kind: 'cidr', value: '2001:db8::/32' },
  ];

  it.each([
    ['country', { ip: '203.0.113.1', country: 'VN' }, true],
    ['country in lower case', { ip: '203.0.113.1', country: 'vn' }, true],
    ['other country', { ip: '203.0.113.1', country: 'BD' }, false],
    ['exact IPv4', { ip: '192.0.2.1', country: null }, true],
    ['neighbouring IPv4', { ip: '192.0.2.2', country: null }, false],
    ['IPv4 in network', { ip: '198.51.100.77', country: null }, true],
    ['IPv4-mapped IPv6 in network', { ip: '::ffff:198.51.100.77', country: null }, true],
    ['IPv6 in network', { ip: '2001:db8:1::1', country: null }, true],
    ['IPv6 outside network', { ip: '2001:db9::1', country: null }, false],
    ['unparseable client address', { ip: 'unknown', country: null }, false],
  ])('%s', (_name, visitor, expected) => {
    expect(isRestricted(rules, visitor)).toBe(expected);
  });

  it('skips (and reports) a rule it cannot parse instead of failing', () => {
    const invalid: RegionRule[] = [];
    const restricted = isRestricted(
      [{ kind: 'cidr', value: 'not-a-network/99' }, { kind: 'ip', value: '192.0.2.1' }],
      { ip: '192.0.2.1', country: null },
      (rule) => invalid.push(rule),
    );
    expect(restricted).toBe(true);
    expect(invalid).toEqual([{ kind: 'cidr', value: 'not-a-network/99' }]);
  });

  it('restricts nobody without rules', () => {
    expect(isRestricted([], { ip: '192.0.2.1', country: 'VN' })).toBe(false);
  });
});
