import type { LaunchSuggestion } from '@platform/shared/contract';
import type { Db } from '../../db/pool';

// SQL of the provider side (migration 030): the vendors' configuration, game sessions, rounds and
// vendor transactions. Money is never written here: balances move only by postTransaction.

export interface ProviderRow {
  id: number;
  vassalage: string;
  adapter: string | null;
  sessionMinutes: number;
  enabled: boolean;
}

export async function selectProvider(db: Db, merchantId: number, vassalage: string): Promise<ProviderRow | undefined> {
  const result = await db.query<{ id: number; vassalage: string; adapter: string | null; session_minutes: number; enabled: boolean }>(
    'SELECT id, vassalage, adapter, session_minutes, enabled FROM game_provider WHERE merchant_id = $1 AND vassalage = $2',
    [merchantId, vassalage],
  );
  const row = result.rows[0];
  return row && { id: row.id, vassalage: row.vassalage, adapter: row.adapter, sessionMinutes: row.session_minutes, enabled: row.enabled };
}

export interface MaintenanceWindow {
  startsAtMs: number;
  endsAtMs: number | null;
  reason: string;
}

/** The vendor's maintenance window covering `nowMs` (the one ending last when several overlap). */
export async function selectCurrentMaintenance(db: Db, merchantId: number, vassalage: string, nowMs: number): Promise<MaintenanceWindow | undefined> {
  const result = await db.query<{ starts_at: Date; ends_at: Date | null; reason: string }>(
    `SELECT starts_at, ends_at, reason FROM game_vendor_maintenance
      WHERE merchant_id = $1 AND vassalage = $2 AND starts_at <= $3 AND (ends_at IS NULL OR ends_at > $3)
      ORDER BY ends_at DESC NULLS FIRST LIMIT 1`,
    [merchantId, vassalage, new Date(nowMs)],
  );
  const row = result.rows[0];
  return row && { startsAtMs: row.starts_at.getTime(), endsAtMs: row.ends_at?.getTime() ?? null, reason: row.reason };
}

/**
 * Up to `limit` games that can be launched now instead of a vendor under maintenance: enabled, of
 * an enabled vendor row whose provider is connected (an adapter) and not under maintenance, other
 * than `exceptVassalage`, trial-enabled ones only when `trialOnly`; one row per game code and
 * vendor (the RNG row first); the most played in the last week first (real rounds), then hot
 * ones, in catalogue order.
 */
export async function selectLaunchSuggestions(
  db: Db,
  merchantId: number,
  options: { exceptVassalage: string; trialOnly: boolean; nowMs: number; limit: number },
): Promise<LaunchSuggestion[]> {
  const result = await db.query<{ id: number; game_code: string; name: string; vassalage: string; game_category: string; icon_url: string | null }>(
    `WITH candidates AS (
       SELECT DISTINCT ON (g.game_code, v.vassalage)
              g.id, g.game_code, g.name, v.vassalage, v.game_category, g.icon_url, g.is_hot, g.sort_order,
              (SELECT count(*) FROM game_round r
                WHERE r.merchant_id = g.merchant_id AND r.vassalage = v.vassalage AND r.game_code = g.game_code
                  AND NOT r.trial AND r.started_at > $2::timestamptz - interval '7 days') AS plays
         FROM game g
         JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
         JOIN game_provider p ON p.merchant_id = g.merchant_id AND p.vassalage = v.vassalage AND p.enabled AND p.adapter IS NOT NULL
        WHERE g.merchant_id = $1 AND g.enabled AND v.vassalage <> $3 AND (NOT $4 OR g.trial_enabled)
          AND NOT EXISTS (SELECT 1 FROM game_vendor_maintenance m
                           WHERE m.merchant_id = g.merchant_id AND m.vassalage = v.vassalage
                             AND m.starts_at <= $2 AND (m.ends_at IS NULL OR m.ends_at > $2))
        ORDER BY g.game_code, v.vassalage, v.game_category <> 'RNG', g.id
     )
     SELECT * FROM candidates ORDER BY plays DESC, is_hot DESC, sort_order, id LIMIT $5`,
    [merchantId, new Date(options.nowMs), options.exceptVassalage, options.trialOnly, options.limit],
  );
  return result.rows.map((row) => ({
    nodeId: String(row.id),
    gameCode: row.game_code,
    gameName: row.name,
    vassalage: row.vassalage,
    gameCategory: row.game_category,
    iconUrl: row.icon_url,
  }));
}

export interface NewSession {
  merchantId: number;
  memberId: number | null;
  vassalage: string;
  gameId: number;
  tokenHash: Buffer;
  playBalanceMinor: number | null;
  language: string;
  nowMs: number;
  expiresAtMs: number;
}

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO game_session (merchant_id, member_id, vassalage, game_id, token_hash, trial, play_balance_minor, language, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      session.merchantId,
      session.memberId,
      session.vassalage,
      session.gameId,
      session.tokenHash,
      session.memberId === null,
      session.playBalanceMinor,
      session.language,
      new Date(session.nowMs),
      new Date(session.expiresAtMs),
    ],
  );
  return Number(result.rows[0].id);
}

/** The game a session was opened for, whatever its state now (rounds keep its code and name). */
export interface SessionGame {
  id: number;
  gameVendorId: number;
  gameCategory: string;
  gameCode: string;
  name: string;
}

export interface SessionRow {
  id: number;
  memberId: number | null;
  gameId: number;
  trial: boolean;
  playBalanceMinor: number | null;
  language: string;
  expiresAtMs: number;
}

interface RawSession {
  id: string;
  member_id: string | null;
  game_id: number;
  trial: boolean;
  play_balance_minor: string | null;
  language: string;
  expires_at: Date;
}

const toSession = (row: RawSession): SessionRow => ({
  id: Number(row.id),
  memberId: row.member_id === null ? null : Number(row.member_id),
  gameId: row.game_id,
  trial: row.trial,
  playBalanceMinor: row.play_balance_minor === null ? null : Number(row.play_balance_minor),
  language: row.language,
  expiresAtMs: row.expires_at.getTime(),
});

const SESSION_COLUMNS = 'id, member_id, game_id, trial, play_balance_minor, language, expires_at';

interface RawSessionWithGame extends RawSession {
  game_vendor_id: number | null;
  game_category: string | null;
  game_code: string | null;
  game_name: string | null;
}

/** The vendor's session with this token hash, expired or not, with its game (undefined: no such game row). */
export async function selectSessionByToken(
  db: Db,
  merchantId: number,
  vassalage: string,
  tokenHash: Buffer,
): Promise<(SessionRow & { game: SessionGame | undefined }) | undefined> {
  const result = await db.query<RawSessionWithGame>(
    `SELECT s.id, s.member_id, s.game_id, s.trial, s.play_balance_minor, s.language, s.expires_at,
            g.game_vendor_id, v.game_category, g.game_code, g.name AS game_name
       FROM game_session s
       LEFT JOIN game g ON g.id = s.game_id AND g.merchant_id = s.merchant_id
       LEFT JOIN game_vendor v ON v.id = g.game_vendor_id
      WHERE s.token_hash = $1 AND s.merchant_id = $2 AND s.vassalage = $3`,
    [tokenHash, merchantId, vassalage],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const game: SessionGame | undefined =
    row.game_code === null || row.game_vendor_id === null || row.game_category === null
      ? undefined
      : { id: row.game_id, gameVendorId: row.game_vendor_id, gameCategory: row.game_category, gameCode: row.game_code, name: row.game_name ?? row.game_code };
  return { ...toSession(row), game };
}

/** A trial session by id, locked (its play balance is about to move). */
export async function lockTrialSession(db: Db, merchantId: number, vassalage: string, sessionId: number): Promise<SessionRow | undefined> {
  const result = await db.query<RawSession>(
    `SELECT ${SESSION_COLUMNS} FROM game_session WHERE id = $1 AND merchant_id = $2 AND vassalage = $3 AND trial FOR UPDATE`,
    [sessionId, merchantId, vassalage],
  );
  return result.rows[0] && toSession(result.rows[0]);
}

export async function movePlayBalance(db: Db, sessionId: number, deltaMinor: number): Promise<number> {
  const result = await db.query<{ play_balance_minor: string }>(
    'UPDATE game_session SET play_balance_minor = play_balance_minor + $2 WHERE id = $1 RETURNING play_balance_minor',
    [sessionId, deltaMinor],
  );
  return Number(result.rows[0].play_balance_minor);
}

export interface TransactionRow {
  id: number;
  kind: 'bet' | 'win' | 'rollback';
  roundId: number | null;
  memberId: number | null;
  amountMinor: number;
  requestHash: Buffer | null;
  response: unknown;
  rolledBack: boolean;
}

interface RawTransaction {
  id: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: string | null;
  member_id: string | null;
  amount_minor: string;
  request_hash: Buffer | null;
  response: unknown;
  rolled_back: boolean;
}

const toTransaction = (row: RawTransaction): TransactionRow => ({
  id: Number(row.id),
  kind: row.kind,
  roundId: row.round_id === null ? null : Number(row.round_id),
  memberId: row.member_id === null ? null : Number(row.member_id),
  amountMinor: Number(row.amount_minor),
  requestHash: row.request_hash,
  response: row.response,
  rolledBack: row.rolled_back,
});

/**
 * Claims a vendor transaction id: inserts its row, or (the id is taken) answers undefined. A
 * concurrent claim of the same id waits for the first to commit or roll back.
 */
export async function claimTransaction(
  db: Db,
  row: { merchantId: number; vassalage: string; vendorTxId: string; kind: 'bet' | 'win' | 'rollback'; memberId: number | null; amountMinor: number; requestHash: Buffer | null; rolledBack?: boolean; nowMs: number },
): Promise<number | undefined> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO game_transaction (merchant_id, vassalage, vendor_tx_id, kind, member_id, amount_minor, request_hash, rolled_back, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (merchant_id, vassalage, vendor_tx_id) DO NOTHING RETURNING id`,
    [row.merchantId, row.vassalage, row.vendorTxId, row.kind, row.memberId, row.amountMinor, row.requestHash, row.rolledBack ?? false, new Date(row.nowMs)],
  );
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

const TRANSACTION_COLUMNS = 'id, kind, round_id, member_id, amount_minor, request_hash, response, rolled_back';

/** The transaction recorded under a vendor id (committed), unlocked. */
export async function selectTransaction(db: Db, merchantId: number, vassalage: string, vendorTxId: string): Promise<TransactionRow | undefined> {
  const result = await db.query<RawTransaction>(
    `SELECT ${TRANSACTION_COLUMNS} FROM game_transaction WHERE merchant_id = $1 AND vassalage = $2 AND vendor_tx_id = $3`,
    [merchantId, vassalage, vendorTxId],
  );
  return result.rows[0] && toTransaction(result.rows[0]);
}

/** The transaction recorded under a vendor id, locked for the caller's database transaction. */
export async function lockTransaction(db: Db, merchantId: number, vassalage: string, vendorTxId: string): Promise<TransactionRow | undefined> {
  const result = await db.query<RawTransaction>(
    `SELECT ${TRANSACTION_COLUMNS} FROM game_transaction WHERE merchant_id = $1 AND vassalage = $2 AND vendor_tx_id = $3 FOR UPDATE`,
    [merchantId, vassalage, vendorTxId],
  );
  return result.rows[0] && toTransaction(result.rows[0]);
}

export async function completeTransaction(
  db: Db,
  id: number,
  done: { roundId: number | null; response: unknown; ledgerTransactionId: number | null; memberId?: number | null; amountMinor?: number },
): Promise<void> {
  await db.query(
    `UPDATE game_transaction SET round_id = $2, response = $3, ledger_transaction_id = $4,
            member_id = COALESCE($5, member_id), amount_minor = COALESCE($6, amount_minor)
      WHERE id = $1`,
    [id, done.roundId, JSON.stringify(done.response), done.ledgerTransactionId, done.memberId ?? null, done.amountMinor ?? null],
  );
}

export async function markRolledBack(db: Db, id: number): Promise<void> {
  await db.query('UPDATE game_transaction SET rolled_back = true WHERE id = $1', [id]);
}

export interface RoundRow {
  id: number;
  memberId: number | null;
  gameSessionId: number | null;
  trial: boolean;
  gameCode: string;
  ledgerAccountId: number | null;
  betMinor: number;
  winMinor: number;
  status: 'open' | 'settled' | 'rolled_back';
}

interface RawRound {
  id: string;
  member_id: string | null;
  game_session_id: string | null;
  trial: boolean;
  game_code: string;
  ledger_account_id: string | null;
  bet_minor: string;
  win_minor: string;
  status: 'open' | 'settled' | 'rolled_back';
}

const toRound = (row: RawRound): RoundRow => ({
  id: Number(row.id),
  memberId: row.member_id === null ? null : Number(row.member_id),
  gameSessionId: row.game_session_id === null ? null : Number(row.game_session_id),
  trial: row.trial,
  gameCode: row.game_code,
  ledgerAccountId: row.ledger_account_id === null ? null : Number(row.ledger_account_id),
  betMinor: Number(row.bet_minor),
  winMinor: Number(row.win_minor),
  status: row.status,
});

const ROUND_COLUMNS = 'id, member_id, game_session_id, trial, game_code, ledger_account_id, bet_minor, win_minor, status';

/**
 * The round of a vendor round id, created open when new, locked either way (bets, wins and
 * rollbacks of one round take their turns).
 */
export async function lockOrCreateRound(
  db: Db,
  round: {
    merchantId: number;
    memberId: number | null;
    gameSessionId: number;
    trial: boolean;
    vassalage: string;
    gameId: number;
    gameCode: string;
    gameName: string;
    gameCategory: string;
    vendorRoundId: string;
    ledgerAccountId: number | null;
    nowMs: number;
  },
): Promise<RoundRow> {
  await db.query(
    `INSERT INTO game_round (merchant_id, member_id, game_session_id, trial, vassalage, game_id, game_code, game_name, game_category,
                             vendor_round_id, ledger_account_id, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (merchant_id, vassalage, vendor_round_id) DO NOTHING`,
    [
      round.merchantId,
      round.memberId,
      round.gameSessionId,
      round.trial,
      round.vassalage,
      round.gameId,
      round.gameCode,
      round.gameName,
      round.gameCategory,
      round.vendorRoundId,
      round.ledgerAccountId,
      new Date(round.nowMs),
    ],
  );
  const locked = await lockRound(db, round.merchantId, round.vassalage, round.vendorRoundId);
  if (!locked) throw new Error(`Round ${round.vendorRoundId} vanished`);
  return locked;
}

export async function lockRound(db: Db, merchantId: number, vassalage: string, vendorRoundId: string): Promise<RoundRow | undefined> {
  const result = await db.query<RawRound>(
    `SELECT ${ROUND_COLUMNS} FROM game_round WHERE merchant_id = $1 AND vassalage = $2 AND vendor_round_id = $3 FOR UPDATE`,
    [merchantId, vassalage, vendorRoundId],
  );
  return result.rows[0] && toRound(result.rows[0]);
}

export async function lockRoundById(db: Db, roundId: number): Promise<RoundRow | undefined> {
  const result = await db.query<RawRound>(`SELECT ${ROUND_COLUMNS} FROM game_round WHERE id = $1 FOR UPDATE`, [roundId]);
  return result.rows[0] && toRound(result.rows[0]);
}

export async function addToRound(db: Db, roundId: number, change: { betMinor?: number; winMinor?: number }): Promise<void> {
  const bet = change.betMinor ?? 0;
  await db.query(
    'UPDATE game_round SET bet_minor = bet_minor + $2, valid_bet_minor = valid_bet_minor + $2, win_minor = win_minor + $3 WHERE id = $1',
    [roundId, bet, change.winMinor ?? 0],
  );
}

export async function setRoundStatus(db: Db, roundId: number, status: 'settled' | 'rolled_back', nowMs: number): Promise<void> {
  await db.query('UPDATE game_round SET status = $2, ended_at = $3 WHERE id = $1', [roundId, status, new Date(nowMs)]);
}

/** A ledger account's balance, read inside the transaction that holds its lock. */
export async function selectAccountBalance(db: Db, accountId: number): Promise<number> {
  const result = await db.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_account WHERE id = $1', [accountId]);
  return Number(result.rows[0].balance_minor);
}
