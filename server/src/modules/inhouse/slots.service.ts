import type pg from 'pg';
import type { JlRound, JlSpin } from '@platform/contract';
import type { Clock } from '../../config';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { activeSeed, inTransaction, openServerSeed, type SeedOwner } from './fairness';
import { majorToMinor, minorToMajor, outcomeOnWire, playSlot, slotGame } from './games';
import { ProviderRefusal, type ProviderClient, type ProviderMerchant } from './provider-client';
import { isAlreadyEnded, playerFailureOf } from './provider-failures';
import { assertStakeAllowed } from './stake-range';

// Slot rounds: authenticate the session (provider authenticate) → take the player's next nonce
// and compute the outcome (it depends on the seeds and nonce only: never on a balance) → provider
// bet (transaction id derived from the round) → provider win (even 0) → end of round → answer.
// Nothing here touches the ledger: the provider API moves the money. A round whose bet was
// refused keeps its nonce (never reused). A round left pending (the server stopped, or the wallet
// could not be reached between bet and win) is finished by `recoverPendingRounds`, which sends
// the same transaction ids again: the provider answers a repeat with its first answer.

export interface InhouseDeps {
  db: pg.Pool;
  clock: Clock;
  secretsKey: SecretsKey;
  provider: ProviderClient;
}

export interface Player extends SeedOwner {
  merchant: ProviderMerchant;
  currency: string;
  balanceMinor: number;
  /** The game the session was launched for. */
  gameCode: string;
}

/** The player behind a game session token (provider authenticate); 401 inhouse.session.expired when none. */
export async function authenticatePlayer(deps: InhouseDeps, merchant: ProviderMerchant, sessionToken: string): Promise<Player> {
  try {
    const value = await deps.provider.authenticate(merchant, sessionToken);
    return { merchant, merchantId: merchant.id, playerId: value.playerId, trial: value.trial === true, currency: value.currency, balanceMinor: value.balance, gameCode: value.gameCode };
  } catch (error) {
    throw playerFailureOf(error);
  }
}

interface RoundRow {
  id: number;
  merchantId: number;
  playerId: string;
  trial: boolean;
  fairSeedId: number;
  nonce: number;
  clientSeed: string;
  gameCode: string;
  betMinor: number;
  winMinor: number;
  outcome: unknown;
  providerRoundId: string;
  betTxId: string;
  winTxId: string;
  state: 'pending' | 'settled' | 'refused';
  betDone: boolean;
  createdAtMs: number;
  serverSeedHash: string;
  serverSeed: string | null;
}

const ROUND_COLUMNS = `r.id::int AS id, r.merchant_id AS "merchantId", r.player_id AS "playerId", r.trial, r.fair_seed_id::int AS "fairSeedId",
  r.nonce::int AS nonce, r.client_seed AS "clientSeed", r.game_code AS "gameCode", r.bet_minor::float8 AS "betMinor", r.win_minor::float8 AS "winMinor",
  r.outcome, r.provider_round_id AS "providerRoundId", r.bet_tx_id AS "betTxId", r.win_tx_id AS "winTxId", r.state, r.bet_done AS "betDone",
  (extract(epoch FROM r.created_at) * 1000)::float8 AS "createdAtMs", s.server_seed_hash AS "serverSeedHash", s.server_seed AS "serverSeed"`;
const ROUND_FROM = 'inhouse_round r JOIN fair_seed s ON s.id = r.fair_seed_id';

/** Takes the player's next nonce and records the round with its outcome (pending). */
async function openRound(deps: InhouseDeps, player: Player, gameCode: string, betMinor: number): Promise<RoundRow> {
  const game = slotGame(gameCode);
  if (!game) throw new AppError(404, 'inhouse.game.unknown');
  const nowMs = deps.clock();
  const id = await inTransaction(deps.db, async (client) => {
    const seed = await activeSeed(client, deps.secretsKey, player, nowMs, true);
    const nonce = seed.nextNonce;
    await client.query('UPDATE fair_seed SET next_nonce = next_nonce + 1 WHERE id = $1', [seed.id]);
    const serverSeed = openServerSeed(deps.secretsKey, 'fair_seed', player.merchantId, seed.serverSeedSealed);
    const result = playSlot(game, { serverSeed, clientSeed: seed.clientSeed, nonce }, betMinor);
    // Ids the provider keys its round and transactions by: unique, and the same on every retry.
    const providerRoundId = `S${seed.id}-${nonce}`;
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO inhouse_round (merchant_id, player_id, trial, fair_seed_id, nonce, client_seed, game_code, bet_minor, win_minor, outcome,
                                  provider_round_id, bet_tx_id, win_tx_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11 || '-bet', $11 || '-win', to_timestamp($12 / 1000.0))
       RETURNING id::int AS id`,
      [player.merchantId, player.playerId, player.trial, seed.id, nonce, seed.clientSeed, gameCode, betMinor, result.totalWin, JSON.stringify(result), providerRoundId, nowMs],
    );
    return inserted.rows[0].id;
  });
  return (await selectRound(deps.db, { merchantId: player.merchantId, playerId: player.playerId, roundId: id }))!;
}

async function selectRound(db: pg.Pool, where: { merchantId: number; playerId: string; roundId: number }): Promise<RoundRow | undefined> {
  const result = await db.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM ${ROUND_FROM} WHERE r.id = $1 AND r.merchant_id = $2 AND r.player_id = $3`, [
    where.roundId,
    where.merchantId,
    where.playerId,
  ]);
  return result.rows[0];
}

async function refuseRound(db: pg.Pool, roundId: number, reason: string, nowMs: number): Promise<void> {
  await db.query(`UPDATE inhouse_round SET state = 'refused', refusal = $2, settled_at = to_timestamp($3 / 1000.0) WHERE id = $1 AND state = 'pending'`, [roundId, reason, nowMs]);
}

/** Win (even 0) and end of round, then settled; answers the balance after the win. */
async function settleRound(deps: InhouseDeps, merchant: ProviderMerchant, round: RoundRow): Promise<number> {
  const { balance } = await deps.provider.win(merchant, {
    playerId: round.playerId,
    transactionId: round.winTxId,
    roundId: round.providerRoundId,
    gameCode: round.gameCode,
    amount: round.winMinor,
  });
  try {
    await deps.provider.endRound(merchant, { playerId: round.playerId, roundId: round.providerRoundId });
  } catch (error) {
    if (!isAlreadyEnded(error)) throw error;
  }
  await deps.db.query(`UPDATE inhouse_round SET state = 'settled', bet_done = true, settled_at = to_timestamp($2 / 1000.0) WHERE id = $1 AND state = 'pending'`, [
    round.id,
    deps.clock(),
  ]);
  return balance;
}

export async function spin(deps: InhouseDeps, merchant: ProviderMerchant, sessionToken: string, gameCode: string, bet: number): Promise<JlSpin> {
  const game = slotGame(gameCode);
  if (!game) throw new AppError(404, 'inhouse.game.unknown');
  // The certified bet steps and the merchant's range, checked here whatever the page offered.
  await assertStakeAllowed(deps.db, merchant.id, gameCode, majorToMinor(bet));
  const betMinor = majorToMinor(bet)!;
  const player = await authenticatePlayer(deps, merchant, sessionToken);
  if (player.gameCode !== gameCode) throw new AppError(404, 'inhouse.game.unknown', { detail: 'the session was launched for another game' });
  const round = await openRound(deps, player, gameCode, betMinor);
  try {
    await deps.provider.bet(merchant, { sessionToken, transactionId: round.betTxId, roundId: round.providerRoundId, gameCode, amount: betMinor });
  } catch (error) {
    // Refused: no money moved, the nonce stays used. Unreachable: the bet may have landed; the
    // round stays pending and the recovery job settles or rolls it back.
    if (error instanceof ProviderRefusal && error.errorCode !== 'provider.transaction.mismatch') await refuseRound(deps.db, round.id, error.errorCode, deps.clock());
    throw playerFailureOf(error);
  }
  await deps.db.query('UPDATE inhouse_round SET bet_done = true WHERE id = $1', [round.id]);
  let balanceMinor: number;
  try {
    balanceMinor = await settleRound(deps, merchant, round);
  } catch (error) {
    throw playerFailureOf(error);
  }
  return {
    roundId: String(round.id),
    gameCode,
    bet: minorToMajor(betMinor),
    win: minorToMajor(round.winMinor),
    balance: minorToMajor(balanceMinor),
    nonce: round.nonce,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    outcome: outcomeOnWire(round.outcome as Parameters<typeof outcomeOnWire>[0]),
  };
}

function roundOnWire(round: RoundRow): JlRound {
  return {
    roundId: String(round.id),
    gameCode: round.gameCode,
    bet: minorToMajor(round.betMinor),
    // Shown once the round is settled (a pending round's win is being paid; a refused one won nothing).
    win: round.state === 'settled' ? minorToMajor(round.winMinor) : 0,
    state: round.state,
    createdAt: Math.round(round.createdAtMs),
    nonce: round.nonce,
    clientSeed: round.clientSeed,
    serverSeedHash: round.serverSeedHash,
    serverSeed: round.serverSeed,
    outcome: round.state === 'settled' ? outcomeOnWire(round.outcome as Parameters<typeof outcomeOnWire>[0]) : null,
  };
}

export async function roundDetail(deps: InhouseDeps, player: Player, roundId: string): Promise<JlRound> {
  const round = await selectRound(deps.db, { merchantId: player.merchantId, playerId: player.playerId, roundId: Number(roundId) });
  if (!round) throw new AppError(404, 'inhouse.round.not_found');
  return roundOnWire(round);
}

export async function roundHistory(deps: InhouseDeps, player: Player, query: { game?: string; before?: string; limit?: number }): Promise<{ list: JlRound[]; hasMore: boolean }> {
  const limit = query.limit ?? 20;
  const result = await deps.db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM ${ROUND_FROM}
      WHERE r.merchant_id = $1 AND r.player_id = $2 AND ($3::text IS NULL OR r.game_code = $3) AND ($4::bigint IS NULL OR r.id < $4)
      ORDER BY r.id DESC LIMIT $5`,
    [player.merchantId, player.playerId, query.game ?? null, query.before ?? null, limit + 1],
  );
  return { list: result.rows.slice(0, limit).map(roundOnWire), hasMore: result.rows.length > limit };
}

/**
 * Finishes rounds left pending for at least `olderThanMs`: sends the win and the end of round
 * again (the same transaction ids: a repeat is answered as the first time), or, when the provider
 * never saw the bet (the win is refused: no such round), rolls the bet back by its id (a bet
 * arriving late under it is then refused) and marks the round refused. Answers the rounds finished.
 */
export async function recoverPendingRounds(deps: InhouseDeps, merchantCodeOf: (merchantId: number) => Promise<string | undefined>, olderThanMs = 30_000, onProblem?: (message: string, error: unknown) => void): Promise<number> {
  const due = await deps.db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM ${ROUND_FROM} WHERE r.state = 'pending' AND r.created_at <= to_timestamp($1 / 1000.0) ORDER BY r.id LIMIT 500`,
    [deps.clock() - olderThanMs],
  );
  let finished = 0;
  for (const round of due.rows) {
    const code = await merchantCodeOf(round.merchantId);
    if (!code) continue;
    const merchant = { id: round.merchantId, code };
    try {
      await settleRound(deps, merchant, round);
      finished += 1;
    } catch (error) {
      if (error instanceof ProviderRefusal && error.errorCode === 'provider.round.not_found') {
        try {
          await deps.provider.rollback(merchant, { transactionId: `${round.betTxId}-rollback`, referenceTransactionId: round.betTxId });
          await refuseRound(deps.db, round.id, 'rolled_back', deps.clock());
          finished += 1;
        } catch (rollbackError) {
          onProblem?.(`in-house round ${round.id}: the rollback of its bet failed; tried again later`, rollbackError);
        }
      } else {
        onProblem?.(`in-house round ${round.id}: its win could not be sent; tried again later`, error);
      }
    }
  }
  return finished;
}
