/** @jest-environment node */
// A smaller run than the benchmark's 10 million rounds (npm run bench -- --games): 200,000 rounds
// of each game with the real HMAC byte stream and fixed seeds (so the test is repeatable), within
// a wide tolerance of 5 standard errors of the exact RTP.
import { createHmac } from 'node:crypto';
import { CRASH_GAME_CODE, SLOT_MACHINES, crashPoint, crashRtp, hmacStream, slotRtp, spinSlot } from '.';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const ROUNDS = 200_000;

test.each(['JLS001', 'JLS002'] as const)('%s: 200,000 simulated rounds land within 5 standard errors of the exact RTP', (code) => {
  const machine = SLOT_MACHINES[code];
  const bet = 20;
  let sum = 0;
  let squares = 0;
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    const ratio = spinSlot(machine, hmacStream(hmac, { serverSeed: `simulation-${code}`, clientSeed: 'jest', nonce }), bet).totalWin / bet;
    sum += ratio;
    squares += ratio * ratio;
  }
  const mean = sum / ROUNDS;
  const standardError = Math.sqrt((squares / ROUNDS - mean * mean) / ROUNDS);
  const exact = slotRtp(code).rtp.toNumber();
  expect(standardError).toBeGreaterThan(0);
  expect(Math.abs(mean - exact)).toBeLessThan(5 * standardError);
});

test(`${CRASH_GAME_CODE}: 200,000 simulated rounds give each cash-out target its exact RTP within 5 standard errors`, () => {
  const targets = [101, 200, 1000, 5000];
  const winners = targets.map(() => 0);
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    const crash = crashPoint(hmacStream(hmac, { serverSeed: 'simulation-crash', clientSeed: 'jest', nonce }));
    targets.forEach((target, index) => {
      if (crash >= target) winners[index] += 1;
    });
  }
  targets.forEach((target, index) => {
    const exact = crashRtp(target).toNumber();
    const p = exact / (target / 100);
    const standardError = (target / 100) * Math.sqrt((p * (1 - p)) / ROUNDS);
    const simulated = ((winners[index] / ROUNDS) * target) / 100;
    expect(Math.abs(simulated - exact)).toBeLessThan(5 * standardError);
  });
});
