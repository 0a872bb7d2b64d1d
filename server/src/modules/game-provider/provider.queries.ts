import type { LaunchSuggestion } from '@platform/contract';
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

interface RawProvider {
  id: number;
  vassalage: string;
  adapter: string | null;
  session_minutes: number;
  enabled: boolean;
  secret_sealed: string | null;
}

const toProvider = (row: RawProvider): ProviderRow & { secretSealed: string | null } => ({
  id: row.id,
  vassalage: row.vassalage,
  adapter: row.adapter,
  sessionMinutes: row.session_minutes,
  enabled: row.enabled,
  secretSealed: row.secret_sealed,
});

/** Every provider row of the merchant (configuration: read once per config revision). */
export async function selectProviders(db: Db, merchantId: number): Promise<(ProviderRow & { secretSealed: string | null })[]> {
  const result = await db.query<RawProvider>(
    'SELECT id, vassalage, adapter, session_minutes, enabled, secret_sealed FROM game_provider WHERE merchant_id = $1 ORDER BY vassalage',
    [merchantId],
  );
  return result.rows.map(toProvider);
}

/** The vendor's sealed secret as stored now. */
export async function selectSealedSecret(db: Db, merchantId: number, vassalage: string): Promise<string | undefined> {
  const result = await db.query<{ secret_sealed: string | null }>('SELECT secret_sealed FROM game_provider WHERE merchant_id = $1 AND vassalage = $2', [
    merchantId,
    vassalage,
  ]);
  return result.rows[0]?.secret_sealed ?? undefined;
}

export interface MaintenanceWindow {
  id: number;
  vassalage: string;
  startsAtMs: number;
  endsAtMs: number | null;
  reason: string;
}

/** The merchant's maintenance windows not ended by `sinceMs`, by vendor and start. */
export async function selectMaintenanceWindows(db: Db, merchantId: number, sinceMs: number): Promise<MaintenanceWindow[]> {
  const result = await db.query<{ id: number; vassalage: string; starts_at: Date; ends_at: Date | null; reason: string }>(
    `SELECT id, vassalage, starts_at, ends_at, reason FROM game_vendor_maintenance
      WHERE merchant_id = $1 AND (ends_at IS NULL OR ends_at > $2)
      ORDER BY vassalage, starts_at, id`,
    [merchantId, new Date(sinceMs)],
  );
  return result.rows.map((row) => ({ id: row.id, vassalage: row.vassalage, startsAtMs: row.starts_at.getTime(), endsAtMs: row.ends_at?.getTime() ?? null, reason: row.reason }));
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
  /** The site session that launched it (a member's); null for a trial. */
  memberSessionId: number | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO game_session (merchant_id, member_id, vassalage, game_id, token_hash, trial, play_balance_minor, language, created_at, expires_at, member_session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
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
      session.memberSessionId,
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

/** A session as the provider API resolves it: its game, the member's wallets, and a transaction already recorded under the id asked. */
export interface PlaySession extends SessionRow {
  /** When the site session that launched it ends unless used meanwhile (null: a trial, or launched before migration 046). */
  siteIdleExpiresAtMs: number | null;
  /** Undefined: no such game row any more. */
  game: SessionGame | undefined;
  /** The member's main wallet (id and balance), when it exists. */
  mainAccount: { id: number; balanceMinor: number } | undefined;
  /** The member's wallet of the game's vendor row, when it exists. */
  gameAccount: { id: number; balanceMinor: number } | undefined;
  /** The committed transaction recorded under `vendorTxId`, if one was asked and exists. */
  recorded: TransactionRow | undefined;
}

interface RawPlaySession extends RawSession {
  site_idle_expires_at: Date | null;
  game_vendor_id: number | null;
  game_category: string | null;
  game_code: string | null;
  game_name: string | null;
  main_account_id: string | null;
  main_balance_minor: string | null;
  game_account_id: string | null;
  game_balance_minor: string | null;
  tx_id: string | null;
  tx_kind: 'bet' | 'win' | 'rollback' | null;
  tx_round_id: string | null;
  tx_member_id: string | null;
  tx_amount_minor: string | null;
  tx_request_hash: Buffer | null;
  tx_response: unknown;
  tx_rolled_back: boolean | null;
}

const accountOf = (id: string | null, balance: string | null) => (id === null ? undefined : { id: Number(id), balanceMinor: Number(balance) });

/**
 * The vendor's session with this token hash, expired or not, in one round trip: its game (any
 * state: rounds keep its code and name), the member's main wallet and the game vendor's wallet,
 * and the transaction recorded under `vendorTxId` (committed, unlocked) when one is named.
 */
export async function selectPlaySession(
  db: Db,
  key: { merchantId: number; vassalage: string; tokenHash: Buffer; vendorTxId?: string },
): Promise<PlaySession | undefined> {
  const result = await db.query<RawPlaySession>({
    name: 'game_provider_select_play_session',
    // A member's session lives no longer than the site session that launched it, and not at all
    // once the member is blocked or that site session is revoked (migration 046): expires_at is
    // the earlier of its own end and the site session's absolute one (the epoch once it has
    // ended); the site session's idle end, which its requests push forward, is checked apart.
    text: `SELECT s.id, s.member_id, s.game_id, s.trial, s.play_balance_minor, s.language,
                  CASE WHEN s.member_id IS NOT NULL AND (m.status IS DISTINCT FROM 'active' OR ms.revoked_at IS NOT NULL) THEN to_timestamp(0)
                       ELSE least(s.expires_at, ms.absolute_expires_at) END AS expires_at,
                  ms.idle_expires_at AS site_idle_expires_at,
                  g.game_vendor_id, v.game_category, g.game_code, g.name AS game_name,
                  am.id AS main_account_id, am.balance_minor AS main_balance_minor,
                  ag.id AS game_account_id, ag.balance_minor AS game_balance_minor,
                  t.id AS tx_id, t.kind AS tx_kind, t.round_id AS tx_round_id, t.member_id AS tx_member_id, t.amount_minor AS tx_amount_minor,
                  t.request_hash AS tx_request_hash, t.response AS tx_response, t.rolled_back AS tx_rolled_back
             FROM game_session s
             LEFT JOIN member m ON m.id = s.member_id
             LEFT JOIN member_session ms ON ms.id = s.member_session_id
             LEFT JOIN game g ON g.id = s.game_id AND g.merchant_id = s.merchant_id
             LEFT JOIN game_vendor v ON v.id = g.game_vendor_id
             LEFT JOIN ledger_account am ON am.member_id = s.member_id AND am.kind = 'member_main' AND am.merchant_id = s.merchant_id
             LEFT JOIN ledger_account ag ON ag.member_id = s.member_id AND ag.kind = 'member_game' AND ag.game_vendor_id = g.game_vendor_id
                                        AND ag.merchant_id = s.merchant_id
             LEFT JOIN game_transaction t ON t.merchant_id = s.merchant_id AND t.vassalage = s.vassalage AND t.vendor_tx_id = $4
            WHERE s.token_hash = $1 AND s.merchant_id = $2 AND s.vassalage = $3`,
    values: [key.tokenHash, key.merchantId, key.vassalage, key.vendorTxId ?? null],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const game: SessionGame | undefined =
    row.game_code === null || row.game_vendor_id === null || row.game_category === null
      ? undefined
      : { id: row.game_id, gameVendorId: row.game_vendor_id, gameCategory: row.game_category, gameCode: row.game_code, name: row.game_name ?? row.game_code };
  const recorded: TransactionRow | undefined =
    row.tx_id === null
      ? undefined
      : toTransaction({
          id: row.tx_id,
          kind: row.tx_kind as TransactionRow['kind'],
          round_id: row.tx_round_id,
          member_id: row.tx_member_id,
          amount_minor: row.tx_amount_minor as string,
          request_hash: row.tx_request_hash,
          response: row.tx_response,
          rolled_back: row.tx_rolled_back as boolean,
        });
  return {
    ...toSession(row),
    siteIdleExpiresAtMs: row.site_idle_expires_at === null ? null : row.site_idle_expires_at.getTime(),
    game,
    mainAccount: accountOf(row.main_account_id, row.main_balance_minor),
    gameAccount: accountOf(row.game_account_id, row.game_balance_minor),
    recorded,
  };
}

/** A trial session's play money moved by `deltaMinor`, not below zero: the balance after, or undefined (no such trial session, or short). */
export async function movePlayBalanceIfEnough(db: Db, merchantId: number, vassalage: string, sessionId: number, deltaMinor: number): Promise<number | undefined> {
  const result = await db.query<{ play_balance_minor: string }>(
    `UPDATE game_session SET play_balance_minor = play_balance_minor + $4
      WHERE id = $1 AND merchant_id = $2 AND vassalage = $3 AND trial AND play_balance_minor + $4 >= 0
      RETURNING play_balance_minor`,
    [sessionId, merchantId, vassalage, deltaMinor],
  );
  return result.rows[0] ? Number(result.rows[0].play_balance_minor) : undefined;
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

/**
 * Completes a claimed money transaction: its round, ledger transaction and answer { balance,
 * currency, transactionId }, the balance read from `accountId` in this same statement (after the
 * posting, under its lock) or, for play money, `playBalanceMinor`. Answers the recorded answer.
 */
export async function completeMoneyTransaction(
  db: Db,
  id: number,
  done: { roundId: number; ledgerTransactionId: number | null; accountId: number | null; playBalanceMinor: number | null; currency: string },
): Promise<{ balance: number; currency: string; transactionId: string }> {
  const result = await db.query<{ response: { balance: number; currency: string; transactionId: string } }>({
    name: 'game_provider_complete_money_transaction',
    text: `UPDATE game_transaction
              SET round_id = $2, ledger_transaction_id = $3,
                  response = jsonb_build_object('balance', COALESCE((SELECT balance_minor FROM ledger_account WHERE id = $4), $5::bigint),
                                                'currency', $6::text, 'transactionId', vendor_tx_id)
            WHERE id = $1
        RETURNING response`,
    values: [id, done.roundId, done.ledgerTransactionId, done.accountId, done.playBalanceMinor, done.currency],
  });
  return result.rows[0].response;
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

/** A claimed transaction (its row id) and its round, locked; undefined: the id was taken (replay or mismatch). */
export type ClaimedRound = { claimedId: number; round: RoundRow | undefined } | undefined;

interface RawClaimedRound extends Partial<RawRound> {
  claimed_id: string;
}

const claimedRoundOf = (row: RawClaimedRound | undefined): ClaimedRound =>
  row === undefined ? undefined : { claimedId: Number(row.claimed_id), round: row.id === null || row.id === undefined ? undefined : toRound(row as RawRound) };

/**
 * A bet's bookkeeping in one statement: claims the vendor transaction id (its row), and creates
 * the round open with this stake or adds the stake to the round of that vendor round id, locking
 * it (bets, wins and rollbacks of one round take their turns). Nothing is written when the id was
 * taken (answers undefined). The caller checks the round is the player's and open, and rolls the
 * whole database transaction back when not: the claim and the stake go with it.
 */
export async function claimBet(
  db: Db,
  bet: {
    merchantId: number;
    vassalage: string;
    vendorTxId: string;
    memberId: number | null;
    amountMinor: number;
    requestHash: Buffer;
    gameSessionId: number;
    trial: boolean;
    gameId: number;
    gameCode: string;
    gameName: string;
    gameCategory: string;
    vendorRoundId: string;
    ledgerAccountId: number | null;
    nowMs: number;
  },
): Promise<ClaimedRound> {
  const result = await db.query<RawClaimedRound>({
    name: 'game_provider_claim_bet',
    text: `WITH claim AS (
             INSERT INTO game_transaction (merchant_id, vassalage, vendor_tx_id, kind, member_id, amount_minor, request_hash, rolled_back, created_at)
             VALUES ($1, $2, $3, 'bet', $4, $5, $6, false, $7)
             ON CONFLICT (merchant_id, vassalage, vendor_tx_id) DO NOTHING
             RETURNING id
           ), round AS (
             INSERT INTO game_round (merchant_id, member_id, game_session_id, trial, vassalage, game_id, game_code, game_name, game_category,
                                     vendor_round_id, ledger_account_id, bet_minor, valid_bet_minor, started_at)
             SELECT $1, $4, $8, $9, $2, $10, $11, $12, $13, $14, $15, $5, $5, $7 FROM claim
             ON CONFLICT (merchant_id, vassalage, vendor_round_id) DO UPDATE
               SET bet_minor = game_round.bet_minor + EXCLUDED.bet_minor, valid_bet_minor = game_round.valid_bet_minor + EXCLUDED.valid_bet_minor
             RETURNING ${ROUND_COLUMNS}
           )
           SELECT claim.id AS claimed_id, round.* FROM claim LEFT JOIN round ON true`,
    values: [
      bet.merchantId,
      bet.vassalage,
      bet.vendorTxId,
      bet.memberId,
      bet.amountMinor,
      bet.requestHash,
      new Date(bet.nowMs),
      bet.gameSessionId,
      bet.trial,
      bet.gameId,
      bet.gameCode,
      bet.gameName,
      bet.gameCategory,
      bet.vendorRoundId,
      bet.ledgerAccountId,
    ],
  });
  return claimedRoundOf(result.rows[0]);
}

/**
 * A win's bookkeeping in one statement: claims the vendor transaction id and adds the win to the
 * round of that vendor round id, locking it (round undefined: no such round). Nothing is written
 * when the id was taken (answers undefined). The caller checks the round and rolls back when not.
 */
export async function claimWin(
  db: Db,
  win: { merchantId: number; vassalage: string; vendorTxId: string; memberId: number | null; amountMinor: number; requestHash: Buffer; vendorRoundId: string; nowMs: number },
): Promise<ClaimedRound> {
  const result = await db.query<RawClaimedRound>({
    name: 'game_provider_claim_win',
    text: `WITH claim AS (
             INSERT INTO game_transaction (merchant_id, vassalage, vendor_tx_id, kind, member_id, amount_minor, request_hash, rolled_back, created_at)
             VALUES ($1, $2, $3, 'win', $4, $5, $6, false, $7)
             ON CONFLICT (merchant_id, vassalage, vendor_tx_id) DO NOTHING
             RETURNING id
           ), round AS (
             UPDATE game_round SET win_minor = win_minor + $5
              WHERE merchant_id = $1 AND vassalage = $2 AND vendor_round_id = $8 AND EXISTS (SELECT 1 FROM claim)
             RETURNING ${ROUND_COLUMNS}
           )
           SELECT claim.id AS claimed_id, round.* FROM claim LEFT JOIN round ON true`,
    values: [win.merchantId, win.vassalage, win.vendorTxId, win.memberId, win.amountMinor, win.requestHash, new Date(win.nowMs), win.vendorRoundId],
  });
  return claimedRoundOf(result.rows[0]);
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

// --- Operator configuration (operator.routes.ts) --------------------------------------------------

export interface VendorOverviewRow {
  vassalage: string;
  /** Categories of the merchant's vendor rows under this code (none: a provider row only). */
  categories: string[];
  /** The provider row, when there is one. */
  provider: (ProviderRow & { hasSecret: boolean }) | undefined;
}

/** Every vendor code of the merchant (vendor rows and provider rows), with its provider row. */
export async function selectVendorOverview(db: Db, merchantId: number): Promise<VendorOverviewRow[]> {
  const result = await db.query<{
    vassalage: string;
    categories: string[] | null;
    id: number | null;
    adapter: string | null;
    session_minutes: number | null;
    enabled: boolean | null;
    has_secret: boolean | null;
  }>(
    `WITH codes AS (
       SELECT vassalage FROM game_vendor WHERE merchant_id = $1
        UNION
       SELECT vassalage FROM game_provider WHERE merchant_id = $1
     )
     SELECT c.vassalage,
            (SELECT array_agg(DISTINCT v.game_category ORDER BY v.game_category) FROM game_vendor v
              WHERE v.merchant_id = $1 AND v.vassalage = c.vassalage) AS categories,
            p.id, p.adapter, p.session_minutes, p.enabled, p.secret_sealed IS NOT NULL AS has_secret
       FROM codes c
       LEFT JOIN game_provider p ON p.merchant_id = $1 AND p.vassalage = c.vassalage
      ORDER BY p.id IS NULL, c.vassalage`,
    [merchantId],
  );
  return result.rows.map((row) => ({
    vassalage: row.vassalage,
    categories: row.categories ?? [],
    provider:
      row.id === null
        ? undefined
        : { id: row.id, vassalage: row.vassalage, adapter: row.adapter, sessionMinutes: row.session_minutes as number, enabled: row.enabled as boolean, hasSecret: row.has_secret === true },
  }));
}

/** A new maintenance window of the vendor; its id. */
export async function insertMaintenance(db: Db, window: { merchantId: number; vassalage: string; startsAtMs: number; endsAtMs: number | null; reason: string }): Promise<number> {
  const result = await db.query<{ id: number }>(
    'INSERT INTO game_vendor_maintenance (merchant_id, vassalage, starts_at, ends_at, reason) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [window.merchantId, window.vassalage, new Date(window.startsAtMs), window.endsAtMs === null ? null : new Date(window.endsAtMs), window.reason],
  );
  return result.rows[0].id;
}

/**
 * Ends the vendor's maintenance at `nowMs`: windows under way end now, windows not started yet
 * are removed; ended ones stay (history). Answers how many of each.
 */
export async function endMaintenance(db: Db, merchantId: number, vassalage: string, nowMs: number): Promise<{ ended: number; removed: number }> {
  const result = await db.query<{ ended: string; removed: string }>(
    `WITH removed AS (
       DELETE FROM game_vendor_maintenance WHERE merchant_id = $1 AND vassalage = $2 AND starts_at >= $3 RETURNING id
     ), ended AS (
       UPDATE game_vendor_maintenance SET ends_at = $3
        WHERE merchant_id = $1 AND vassalage = $2 AND starts_at < $3 AND (ends_at IS NULL OR ends_at > $3)
       RETURNING id
     )
     SELECT (SELECT count(*) FROM ended) AS ended, (SELECT count(*) FROM removed) AS removed`,
    [merchantId, vassalage, new Date(nowMs)],
  );
  return { ended: Number(result.rows[0].ended), removed: Number(result.rows[0].removed) };
}
