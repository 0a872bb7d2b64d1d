import type { RealtimeTerms } from '@platform/contract';
import { checkOffer, parseRatePercent, ratePercentText } from './rates';

// Rates are typed in percent with two decimals and sent as integers of 0.01 %; an offer may not
// exceed the agent's own terms, game by game.

test('reads percentages with at most two decimals as 0.01 % units, 0 to 100', () => {
  expect(parseRatePercent('1.25')).toBe(125);
  expect(parseRatePercent(' 1.2 ')).toBe(120);
  expect(parseRatePercent('3')).toBe(300);
  expect(parseRatePercent('0.05')).toBe(5);
  expect(parseRatePercent('100')).toBe(10000);
  for (const text of ['', '1.255', '-1', '100.01', '1,5', 'abc', '.5']) expect({ text, units: parseRatePercent(text) }).toEqual({ text, units: null });
  expect(ratePercentText(125)).toBe('1.25%');
  expect(ratePercentText(5)).toBe('0.05%');
  expect(ratePercentText(10000)).toBe('100.00%');
});

const own: RealtimeTerms = { default: { profitRate: 200, lossRate: 100 }, games: { SSC1: { profitRate: 150, lossRate: 100 } } };
const blank = { profitRate: '', lossRate: '' };

test('an offer within the agent’s own rates becomes terms in 0.01 % units; a game typed once takes the default for the other rate', () => {
  const check = checkOffer({ default: { profitRate: '1.25', lossRate: '0.8' }, games: { SSC5: { profitRate: '2', lossRate: '' }, PK10: blank } }, own, ['SSC1', 'SSC5', 'PK10']);
  expect(check.terms).toEqual({ default: { profitRate: 125, lossRate: 80 }, games: { SSC5: { profitRate: 200, lossRate: 80 } } });
  expect(checkOffer({ default: { profitRate: '1.5', lossRate: '1' }, games: {} }, own, ['SSC1']).terms).toEqual({ default: { profitRate: 150, lossRate: 100 } });
});

test('refuses rates above the agent’s own, game by game, and a default above the agent’s rate for a game left blank', () => {
  const check = checkOffer({ default: { profitRate: '2.01', lossRate: '1' }, games: { SSC5: { profitRate: '', lossRate: '1.01' } } }, own, ['SSC1', 'SSC5']);
  expect(check.terms).toBeNull();
  expect(check.default).toEqual({ profitRate: { key: 'rate_above_own', maxUnits: 200 } });
  expect(check.games.SSC5).toEqual({ lossRate: { key: 'rate_above_own', maxUnits: 100 } });

  const inherited = checkOffer({ default: { profitRate: '1.8', lossRate: '1' }, games: {} }, own, ['SSC1', 'SSC5']);
  expect(inherited.default).toEqual({});
  expect(inherited.games).toEqual({ SSC1: { profitRate: { key: 'rate_default_above_own', maxUnits: 150 } } });
  expect(checkOffer({ default: { profitRate: '1.8', lossRate: '1' }, games: { SSC1: { profitRate: '1.5', lossRate: '' } } }, own, ['SSC1']).terms).toEqual({
    default: { profitRate: 180, lossRate: 100 },
    games: { SSC1: { profitRate: 150, lossRate: 100 } },
  });
});

test('asks for both default rates and for well-formed numbers', () => {
  const check = checkOffer({ default: { profitRate: '', lossRate: '1.234' }, games: { SSC1: { profitRate: 'x', lossRate: '' } } }, own, ['SSC1']);
  expect(check.default).toEqual({ profitRate: { key: 'rate_required' }, lossRate: { key: 'rate_format' } });
  expect(check.games.SSC1).toEqual({ profitRate: { key: 'rate_format' } });
  expect(check.terms).toBeNull();
});
