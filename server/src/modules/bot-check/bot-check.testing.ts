import type { BotCheckChallenge, Envelope } from '@platform/contract';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { json } from '../../testing/test-app';

// Helpers for tests of every module that meets the bot check (not a test file itself): a
// challenge fetched and solved as the browser does it, and the merchant's setting.

/** GET /wps/botcheck/challenge from `remoteAddress`: its value. */
export async function fetchBotCheck(app: FastifyInstance, remoteAddress = '198.51.100.1', headers: Record<string, string> = {}): Promise<BotCheckChallenge> {
  const response = await app.inject({ method: 'GET', url: '/wps/botcheck/challenge', remoteAddress, headers });
  if (response.statusCode !== 200) throw new Error(`bot-check challenge failed: ${response.body}`);
  return json<Envelope<BotCheckChallenge>>(response).value;
}

/** The challenge inside a challenge answer. */
export const decodeChallenge = (encoded: string): Challenge => JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Challenge;

/** Solves an encoded challenge: the `botCheck` field a client sends. */
export async function solveBotCheck(encoded: string): Promise<string> {
  const challenge = decodeChallenge(encoded);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot-check challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}

/** A fresh challenge fetched and solved: the `botCheck` field of one call. */
export async function solvedBotCheck(app: FastifyInstance, remoteAddress = '198.51.100.1', headers: Record<string, string> = {}): Promise<string> {
  return solveBotCheck((await fetchBotCheck(app, remoteAddress, headers)).challenge);
}

/** The merchant's 'botCheck' setting (required, suspectHours, maxNumber, ttlSeconds). */
export async function setBotCheckSettings(pool: pg.Pool, merchantId: number, settings: Record<string, unknown>): Promise<void> {
  await pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'botCheck', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, JSON.stringify(settings)],
  );
}
