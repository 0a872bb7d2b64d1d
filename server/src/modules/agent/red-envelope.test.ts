import { splitEnvelope } from './red-envelope.service';

// The parts of a red envelope: always the total exactly, every receiver at least one cent; equal
// parts (odd cents first) for 'share', random ones for 'fighting'.

it('splits a share envelope equally, the odd cents to the first receivers', () => {
  expect(splitEnvelope('share', 1000, 3)).toEqual([334, 333, 333]);
  expect(splitEnvelope('share', 900, 3)).toEqual([300, 300, 300]);
});

it('splits a fighting envelope at random, every part at least a cent, the parts adding up to the total', () => {
  for (let run = 0; run < 200; run++) {
    const count = 1 + (run % 9);
    const total = count + run * 37;
    const parts = splitEnvelope('fighting', total, count);
    expect(parts).toHaveLength(count);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
    expect(Math.min(...parts)).toBeGreaterThanOrEqual(1);
  }
  // With the random source fixed: cuts at 2 and 5 of the 7 cents left over 3 receivers → 1+2, 1+3, 1+2.
  const fixed = [5, 2];
  expect(splitEnvelope('fighting', 10, 3, () => fixed.shift()!)).toEqual([3, 4, 3]);
});

it('refuses less than a cent a receiver', () => {
  expect(() => splitEnvelope('share', 2, 3)).toThrow('agent.transfer.invalid');
});
