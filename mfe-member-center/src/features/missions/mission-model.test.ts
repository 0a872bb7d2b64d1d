import { percentOf } from './mission-model';

// A bar's width from the wire's numbers: whole percent, never above 100 nor below 0.

test('a bar is whole percent of the target, capped at 100', () => {
  expect(percentOf({ progress: 0, target: 20 })).toBe(0);
  expect(percentOf({ progress: 12, target: 20 })).toBe(60);
  expect(percentOf({ progress: 1, target: 3 })).toBe(33);
  expect(percentOf({ progress: 19.99, target: 20 })).toBe(99);
  expect(percentOf({ progress: 35, target: 20 })).toBe(100);
});
