import { adjustmentAmountOf, linkedByMember } from './players-types';

it('takes an adjustment amount as the server does: positive, two decimals at most', () => {
  expect(adjustmentAmountOf('250.50')).toBe(250.5);
  expect(adjustmentAmountOf(' 10 ')).toBe(10);
  for (const text of ['', '0', '0.00', '-5', '1.234', '1e3', 'abc', '10,5']) expect({ text, amount: adjustmentAmountOf(text) }).toEqual({ text, amount: null });
});

it('groups the linked accounts by member, with every address and card that links them', () => {
  expect(
    linkedByMember([
      { username: 'karim77', via: 'address', value: '203.0.113.9' },
      { username: 'karim77', via: 'card', value: '1234567890123' },
      { username: 'salma', via: 'address', value: '203.0.113.9' },
    ]),
  ).toEqual([
    { username: 'karim77', addresses: ['203.0.113.9'], cards: ['1234567890123'] },
    { username: 'salma', addresses: ['203.0.113.9'], cards: [] },
  ]);
});
