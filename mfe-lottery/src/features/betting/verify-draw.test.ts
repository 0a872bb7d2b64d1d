import { createHash } from 'node:crypto';
import '@platform/shared/testing';
import type { LotteryDraw } from '@platform/contract';
import { verifyDraw, VerificationUnavailableError } from './verify-draw';

// Provably fair in the browser: a known seed gives known numbers (computed once with the server's
// code path, drawRound over node:crypto), through WebCrypto here; a tampered seed or tampered
// numbers are a mismatch.

const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SEED_HASH = createHash('sha256').update(SEED, 'utf8').digest('hex');

const draw = (overrides: Partial<LotteryDraw>): LotteryDraw => ({
  gameCode: 'SSC1',
  numero: '20261127-0421',
  drawTime: 0,
  state: 'settled',
  numbers: ['5', '3', '2', '1', '1'],
  serverSeedHash: SEED_HASH,
  serverSeed: SEED,
  salesHash: null,
  ...overrides,
});

/** A sales hash (any SHA-256 in hex will do for the check: the browser takes it as published). */
const SALES_HASH = createHash('sha256').update('SSC1-20261127-0421', 'utf8').digest('hex');

it('recomputes a known SSC round from its seed, and its seed matches the published hash', async () => {
  expect(SEED_HASH).toBe('7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c');
  const result = await verifyDraw('SSC', draw({}));
  expect(result).toEqual({ seedHash: SEED_HASH, hashMatches: true, numbers: ['5', '3', '2', '1', '1'], numbersMatch: true, matches: true });
});

it('recomputes the 27 prizes of a northern Vietnam round, zero-padded as published', async () => {
  const numbers = ['31763', '05433', '00259', '27518', '28720', '14940', '13646', '56270', '91748', '40140', '9477', '2065', '5083', '2255', '5703', '9263', '6365', '7093', '4222', '2074', '249', '147', '287', '44', '10', '61', '41'];
  const result = await verifyDraw('VN', draw({ gameCode: 'VNMB', numero: '20261127', numbers }));
  expect(result.numbers).toEqual(numbers);
  expect(result.matches).toBe(true);
});

it('recomputes a round drawn with a sales hash from the seed and that hash (pinned; recomputed in Python)', async () => {
  const result = await verifyDraw('SSC', draw({ salesHash: SALES_HASH, numbers: ['1', '5', '7', '2', '9'] }));
  expect(result).toEqual({ seedHash: SEED_HASH, hashMatches: true, numbers: ['1', '5', '7', '2', '9'], numbersMatch: true, matches: true });
  // The same seed without the hash is another draw: the seed alone does not tell the numbers.
  expect((await verifyDraw('SSC', draw({ numbers: ['1', '5', '7', '2', '9'] }))).numbersMatch).toBe(false);
});

it('calls a tampered sales hash a mismatch of the numbers', async () => {
  const tampered = `${SALES_HASH.slice(0, -1)}${SALES_HASH.endsWith('0') ? '1' : '0'}`;
  const result = await verifyDraw('SSC', draw({ salesHash: tampered, numbers: ['1', '5', '7', '2', '9'] }));
  expect(result).toMatchObject({ hashMatches: true, numbersMatch: false, matches: false });
});

it('calls a tampered seed a mismatch: its hash differs and so do its numbers', async () => {
  const tampered = `${SEED.slice(0, -1)}9`;
  const result = await verifyDraw('SSC', draw({ serverSeed: tampered }));
  expect(result.hashMatches).toBe(false);
  expect(result.numbersMatch).toBe(false);
  expect(result.matches).toBe(false);
});

it('calls tampered numbers a mismatch even when the seed is the published one', async () => {
  const result = await verifyDraw('SSC', draw({ numbers: ['5', '3', '2', '1', '2'] }));
  expect(result).toMatchObject({ hashMatches: true, numbersMatch: false, matches: false, numbers: ['5', '3', '2', '1', '1'] });
});

it('needs WebCrypto', async () => {
  await expect(verifyDraw('SSC', draw({}), null)).rejects.toBeInstanceOf(VerificationUnavailableError);
});
