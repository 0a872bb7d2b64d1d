import type { Db } from '../../db/pool';
import * as queries from './wagering.queries';
import { readWageringSettings, weightedMinor, type RequirementSource, type WageringProduct, type WageringSettings } from './wagering.settings';

// The wagering requirement (server/README.md, "Wagering"; migration 044): a running balance per
// member of what it still has to stake before it may withdraw. The ledger calls recordWagering for
// every new movement of a kind below, inside the database transaction of its postings, so an entry
// exists exactly when its movement does (a replayed idempotency key records nothing twice, and
// wagering_entry is unique per movement and member besides):
//   - money in that carries a requirement (the member's side of a deposit, a transfer from an
//     agent, a red envelope, an operator's credit) adds amount × the merchant's multiplier;
//   - a stake (a lottery order, an in-house or vendor game bet) takes stake × its product's weight
//     off what remains, never below zero: a stake made while nothing remains meets nothing later;
//   - a refund (a cancelled, voided or stopped lottery bet, a game rollback) puts back what the
//     stake it refunds took off, in proportion to the part refunded, so betting and cancelling
//     meets nothing. A refund that names its stake (TransactionInput.refundsKey: a game rollback;
//     a cancelled lottery bet names it by its key) puts back exactly that; one that does not (a voided round's refund, one movement per member for many bets)
//     puts back the refund × the product's weight now, at most what the member's stakes of the
//     product took off.
//   - a promotion's bonus adds the requirement the promotion sets for it (its multiplier × the
//     bonus, and × the deposit that earned it when the promotion says so), which the movement
//     carries (TransactionInput.wageringRequirementMinor): the merchant's multipliers do not apply;
//   - a bonus taken back because it was not wagered in time removes what the movement names of the
//     requirement (what the bonus added), never below zero.
// Withdrawals move nothing here: a withdrawal is allowed only once nothing remains, and paying
// one later does not clear a requirement added meanwhile.

const REQUIREMENT_KINDS: Readonly<Record<string, RequirementSource>> = {
  deposit: 'deposit',
  downline_transfer: 'agentTransfer',
  red_envelope: 'redEnvelope',
  operator_adjustment: 'operatorCredit',
  operator_credit: 'operatorCredit',
};
/** Stakes and refunds by kind: lottery, or a game (in-house or vendor, by the game's vendor). */
const STAKE_KINDS: Readonly<Record<string, 'lottery' | 'game'>> = { bet: 'lottery', game_bet: 'game' };
const REFUND_KINDS: Readonly<Record<string, 'lottery' | 'game'>> = { bet_refund: 'lottery', game_rollback: 'game' };
/** Money in whose requirement the movement names itself. */
const BONUS_KINDS: ReadonlySet<string> = new Set(['promotion', 'prize_wheel', 'vip_upgrade_bonus', 'vip_salary', 'mission_reward', 'point_mall_bonus']);
/** Money out that removes the requirement the movement names (a bonus taken back). */
const TAKE_BACK_KINDS: ReadonlySet<string> = new Set(['promotion_takeback']);

/** Whether a ledger movement of this kind and unit moves a wagering requirement (only real money does). */
export const countsForWagering = (kind: string, unit: string): boolean =>
  unit === 'REAL' && (kind in REQUIREMENT_KINDS || kind in STAKE_KINDS || kind in REFUND_KINDS || BONUS_KINDS.has(kind) || TAKE_BACK_KINDS.has(kind));

/** A ledger movement as the ledger records it (ledger TransactionInput). */
export interface WageringMovement {
  merchantId: number;
  idempotencyKey: string;
  kind: string;
  postings: readonly { accountId: number; amountMinor: number }[];
  nowMs: number;
  /** A refund: the idempotency key of the movement whose stake it gives back. */
  refundsKey?: string;
  /** A bonus (BONUS_KINDS): the requirement it adds for each member it credits. */
  wageringRequirementMinor?: number;
}

/**
 * The game-provider's ledger keys are game:<merchant>:<vendor>:<vendor's transaction id>
 * (game-provider/wallet-api.service.ts): the vendor says whether the game is in-house.
 */
async function gameProductOf(db: Db, merchantId: number, idempotencyKey: string): Promise<WageringProduct> {
  const vassalage = /^game:\d+:([^:]+):/.exec(idempotencyKey)?.[1];
  return vassalage !== undefined && (await queries.selectIsInhouseVendor(db, merchantId, vassalage)) ? 'inhouse' : 'vendor';
}

/** Each member's net movement in the postings (house accounts left out), by member id. */
async function memberNets(db: Db, movement: WageringMovement): Promise<[number, number][]> {
  const owners = await queries.selectAccountMembers(db, movement.merchantId, movement.postings.map((posting) => posting.accountId));
  const nets = new Map<number, number>();
  for (const posting of movement.postings) {
    const memberId = owners.get(posting.accountId);
    if (memberId !== undefined) nets.set(memberId, (nets.get(memberId) ?? 0) + posting.amountMinor);
  }
  // In member id order: every movement locks the balance rows it touches in the same order.
  return [...nets].sort(([a], [b]) => a - b);
}

/**
 * Records what a new ledger movement does to its members' requirements, inside the caller's
 * database transaction (the one inserting its postings), which it must share.
 */
export async function recordWagering(db: Db, movement: WageringMovement, ledgerTransactionId: number): Promise<void> {
  const requirement = REQUIREMENT_KINDS[movement.kind];
  const stake = STAKE_KINDS[movement.kind];
  const refund = REFUND_KINDS[movement.kind];
  const bonus = BONUS_KINDS.has(movement.kind);
  const takeBack = TAKE_BACK_KINDS.has(movement.kind);
  if ((bonus || takeBack) && !(Number.isSafeInteger(movement.wageringRequirementMinor) && movement.wageringRequirementMinor! >= 0)) {
    throw new Error(`A ${movement.kind} movement names its wagering requirement (wageringRequirementMinor)`);
  }
  // Money in for a requirement or a refund, money out for a stake.
  const due = (await memberNets(db, movement)).filter(([, net]) => (stake || takeBack ? net < 0 : net > 0));
  if (due.length === 0) return;
  const settings = await readWageringSettings(db, movement.merchantId);
  const kindProduct = stake ?? refund;
  const product: WageringProduct | null =
    kindProduct === undefined ? null : kindProduct === 'lottery' ? 'lottery' : await gameProductOf(db, movement.merchantId, movement.refundsKey ?? movement.idempotencyKey);
  for (const [memberId, net] of due) {
    const entry = bonus
      ? bonusEntry(net, movement.wageringRequirementMinor!)
      : takeBack
        ? { kind: 'requirement_removed' as const, product: null, moneyMinor: -net, weightedMinor: movement.wageringRequirementMinor!, changeMinor: 0, refundsEntryId: null }
        : requirement
        ? requirementEntry(settings, requirement, net)
        : stake
          ? stakeEntry(settings, product as WageringProduct, -net)
          : await refundEntry(db, settings, movement, memberId, product as WageringProduct, net);
    const balance = await queries.lockBalance(db, movement.merchantId, memberId, movement.nowMs);
    const changeMinor = entry.kind === 'stake_counted' || entry.kind === 'requirement_removed' ? -Math.min(entry.weightedMinor, balance.remainingMinor) : entry.changeMinor;
    const remainingMinor = balance.remainingMinor + changeMinor;
    // Progress since the remaining was last zero: a stake adds what it met, a refund takes it back,
    // and meeting the requirement starts it again.
    let countedMinor = balance.countedMinor;
    if (entry.kind === 'stake_counted') countedMinor -= changeMinor;
    else if (entry.kind === 'stake_refunded') countedMinor = Math.max(0, countedMinor - changeMinor);
    if (remainingMinor === 0) countedMinor = 0;
    await queries.insertEntryAndMove(db, {
      merchantId: movement.merchantId,
      memberId,
      kind: entry.kind,
      ledgerTransactionId,
      sourceKind: movement.kind,
      product: entry.product,
      moneyMinor: entry.moneyMinor,
      weightedMinor: entry.weightedMinor,
      changeMinor,
      refundsEntryId: entry.refundsEntryId,
      balance: { remainingMinor, countedMinor },
      nowMs: movement.nowMs,
    });
  }
}

interface EntryPlan {
  kind: 'requirement_added' | 'stake_counted' | 'stake_refunded' | 'requirement_removed';
  product: WageringProduct | null;
  moneyMinor: number;
  weightedMinor: number;
  /** Requirements and refunds: what the remaining moves by (a stake's depends on what remains). */
  changeMinor: number;
  refundsEntryId: number | null;
}

function requirementEntry(settings: WageringSettings, source: RequirementSource, moneyMinor: number): EntryPlan {
  const weighted = weightedMinor(moneyMinor, settings.multipliers[source]);
  return { kind: 'requirement_added', product: null, moneyMinor, weightedMinor: weighted, changeMinor: weighted, refundsEntryId: null };
}

function bonusEntry(moneyMinor: number, requirementMinor: number): EntryPlan {
  return { kind: 'requirement_added', product: null, moneyMinor, weightedMinor: requirementMinor, changeMinor: requirementMinor, refundsEntryId: null };
}

function stakeEntry(settings: WageringSettings, product: WageringProduct, moneyMinor: number): EntryPlan {
  return { kind: 'stake_counted', product, moneyMinor, weightedMinor: weightedMinor(moneyMinor, settings.weights[product]), changeMinor: 0, refundsEntryId: null };
}

/** A cancelled lottery bet's refund names its bet, whose order's stake it gives back. */
async function stakeKeyOfRefund(db: Db, movement: WageringMovement): Promise<string | undefined> {
  const cancelled = /^lottery:cancel:(\d+)$/.exec(movement.idempotencyKey);
  return cancelled ? queries.selectLotteryOrderKeyOfBet(db, movement.merchantId, Number(cancelled[1])) : undefined;
}

async function refundEntry(db: Db, settings: WageringSettings, movement: WageringMovement, memberId: number, product: WageringProduct, moneyMinor: number): Promise<EntryPlan> {
  const refundsKey = movement.refundsKey ?? (await stakeKeyOfRefund(db, movement));
  const stake = refundsKey === undefined ? undefined : await queries.selectStakeEntry(db, movement.merchantId, memberId, refundsKey);
  if (stake) {
    // The part refunded of what the stake met, rounded up, but never more than it met.
    const share = stake.moneyMinor === 0 ? 0 : Number((BigInt(stake.appliedMinor) * BigInt(moneyMinor) + BigInt(stake.moneyMinor) - 1n) / BigInt(stake.moneyMinor));
    const back = Math.max(0, Math.min(share, stake.appliedMinor - stake.reversedMinor));
    return { kind: 'stake_refunded', product: stake.product, moneyMinor, weightedMinor: back, changeMinor: back, refundsEntryId: stake.id };
  }
  const weighted = weightedMinor(moneyMinor, settings.weights[product]);
  const back = Math.max(0, Math.min(weighted, await queries.selectProductAppliedMinor(db, memberId, product)));
  return { kind: 'stake_refunded', product, moneyMinor, weightedMinor: weighted, changeMinor: back, refundsEntryId: null };
}

export interface WageringState {
  /** What the member still has to stake before withdrawing, minor units. */
  remainingMinor: number;
  /** Stakes counted since the remaining was last zero. */
  countedMinor: number;
  settings: WageringSettings;
}

/** The member's requirement now, with the merchant's multipliers and weights. */
export async function wageringStateOf(db: Db, merchantId: number, memberId: number): Promise<WageringState> {
  const [balance, settings] = await Promise.all([queries.selectBalance(db, merchantId, memberId), readWageringSettings(db, merchantId)]);
  return { ...balance, settings };
}
