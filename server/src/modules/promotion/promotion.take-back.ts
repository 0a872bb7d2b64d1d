import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { withTransaction } from '../../db/transaction';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransactionIn } from '../ledger';
import { PROMOTION_HOUSE_ACCOUNT } from './promotion.service';

// A bonus not wagered in time is taken back (migration 054). A claimed bonus whose promotion gives
// wager_within_days is checked once those days have passed since the claim: if the member's
// wagering requirement reached zero at any time after the bonus was added, the bonus was wagered
// and stays; if not, the bonus leaves the wallet (as much of it as is there: what was staked and
// lost is gone already) from the member to house_promotions, and what the bonus added to the
// requirement is removed (the wagering module, kind promotion_takeback). Each claim moves in its
// own transaction with its row locked and the ledger key promotion_takeback:<claim id>, so a run
// racing another replica or a crash halfway takes a bonus back once. With nothing left in the
// wallet there is nothing to move: the claim is marked taken back (0) and its requirement stays
// until met, as the ledger records no movement of nothing.

export const PROMOTION_TAKE_BACK_KIND = 'promotion_takeback';
const BATCH = 200;

interface DueClaim {
  id: string;
  merchant_id: number;
  member_id: string;
}

/** Checks every claim due at `nowMs`; returns how many bonuses it took back. */
export async function takeBackUnwagered(pool: pg.Pool, nowMs: number): Promise<number> {
  let takenBack = 0;
  for (;;) {
    const due = await pool.query<DueClaim>(
      `SELECT c.id, c.merchant_id, c.member_id FROM promotion_claim c JOIN promotion p ON p.id = c.promotion_id
        WHERE c.state = 'claimed' AND c.bonus_minor IS NOT NULL AND c.wagering_settled_at IS NULL AND p.wager_within_days IS NOT NULL
          AND c.claimed_at + p.wager_within_days * interval '1 day' <= $1
        ORDER BY c.id LIMIT ${BATCH}`,
      [new Date(nowMs)],
    );
    for (const claim of due.rows) if (await settleClaim(pool, Number(claim.id), nowMs)) takenBack++;
    if (due.rows.length < BATCH) return takenBack;
  }
}

/** One claim: true when its bonus was taken back now. */
async function settleClaim(pool: pg.Pool, claimId: number, nowMs: number): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const locked = await client.query<{ merchant_id: number; member_id: string; bonus_minor: string; requirement_minor: string; owes: boolean }>(
      `SELECT c.merchant_id, c.member_id, c.bonus_minor, c.requirement_minor,
              NOT EXISTS (
                SELECT 1 FROM wagering_entry z
                 WHERE z.member_id = c.member_id AND z.remaining_after_minor = 0
                   AND z.id > coalesce((SELECT e.id FROM wagering_entry e WHERE e.ledger_transaction_id = c.ledger_transaction_id AND e.member_id = c.member_id), 0)
              ) AS owes
         FROM promotion_claim c WHERE c.id = $1 AND c.state = 'claimed' AND c.wagering_settled_at IS NULL FOR UPDATE OF c`,
      [claimId],
    );
    const claim = locked.rows[0];
    if (!claim) return false;
    const when = new Date(nowMs);
    if (!claim.owes) {
      await client.query('UPDATE promotion_claim SET wagering_settled_at = $2 WHERE id = $1', [claimId, when]);
      return false;
    }
    const memberId = Number(claim.member_id);
    const balanceMinor = await memberBalanceMinor(client, claim.merchant_id, memberId);
    const takeMinor = Math.min(Number(claim.bonus_minor), Math.max(0, balanceMinor));
    if (takeMinor > 0) {
      const house = await ensureHouseAccount(client, claim.merchant_id, PROMOTION_HOUSE_ACCOUNT, nowMs);
      const wallet = await ensureMemberAccount(client, claim.merchant_id, memberId, 'REAL', nowMs);
      await postTransactionIn(client, {
        merchantId: claim.merchant_id,
        idempotencyKey: `${PROMOTION_TAKE_BACK_KIND}:${claimId}`,
        kind: PROMOTION_TAKE_BACK_KIND,
        unit: 'REAL',
        postings: [
          { accountId: wallet, amountMinor: -takeMinor },
          { accountId: house, amountMinor: takeMinor },
        ],
        nowMs,
        orderNo: `P${claimId}`,
        remark: 'bonus not wagered in time',
        wageringRequirementMinor: Number(claim.requirement_minor),
      });
    }
    await client.query(
      `UPDATE promotion_claim SET state = 'taken_back', taken_back_at = $2, taken_back_minor = $3, wagering_settled_at = $2 WHERE id = $1`,
      [claimId, when, takeMinor],
    );
    return true;
  });
}

export interface TakeBackJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

/** The check every intervalMs (default a minute), one replica at a time. */
export function createPromotionTakeBackJob(options: TakeBackJobOptions): PeriodicJob<number> {
  return new PeriodicJob({
    name: 'promotion_take_back',
    intervalMs: options.intervalMs ?? 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'taking back unwagered bonuses failed; retried next round',
    onProblem: options.onProblem,
    run: () => takeBackUnwagered(options.db, options.clock()),
  });
}
