import type { Db } from '../../db/pool';
import * as queries from './wagering.queries';
import { readWageringSettings, weightedMinor, type RequirementSource, type WageringProduct, type WageringSettings } from './wagering.settings';

// The wagering requirement (server/README.md, "Wagering"; migrations 044 and 068): a running
// balance per member of what it still has to stake before it may withdraw. The ledger calls
// recordWagering for every new movement of a kind below, inside the database transaction of its
// postings, so an entry exists exactly when its movement does (a replayed idempotency key records
// nothing twice, and wagering_entry is unique per movement and member besides):
//   - money in that carries a requirement (the member's side of a deposit, a transfer from an
//     agent, a red envelope, an operator's credit) adds amount × the merchant's multiplier;
//   - a stake (a lottery order, an in-house or vendor game bet) takes stake × its product's weight
//     off what remains, never below zero: a stake made while nothing remains meets nothing later;
//   - a refund (a cancelled, voided, pushed or stopped lottery bet, a game rollback) names the
//     stakes it gives back and the money it refunds of each (TransactionInput.refunds, or
//     refundsKey for a refund of one whole stake: a game rollback). Of each stake it puts back the
//     part refunded of what that stake took off (rounded up to the cent), never more than the stake
//     took off less what earlier refunds of it put back (wagering_refund_part keeps that, per
//     stake). So betting and cancelling meets nothing, a stake that met nothing puts back nothing,
//     and however a stake is refunded (a bet cancelled, then its round voided; a chase's rounds
//     one by one) it never puts back more than it met. A lottery order is one stake for all its
//     bets and rounds, so a refund of some of them gives back their share of what the order met.
//     A refund that names no stake puts back nothing: nothing says what it met, and a guess (the
//     product's weight now, the member's other stakes) could create a requirement out of nothing;
//   - a promotion's bonus adds the requirement the promotion sets for it (its multiplier × the
//     bonus, and × the deposit that earned it when the promotion says so), which the movement
//     carries (TransactionInput.wageringRequirementMinor): the merchant's multipliers do not apply;
//   - a bonus taken back because it was not wagered in time removes what the movement names of the
//     requirement (what the bonus added), never below zero.
// Withdrawals move nothing here: a withdrawal is allowed only once nothing remains, and paying
// one later does not clear a requirement added meanwhile.
//
// Races: everything a movement does to a member happens under that member's wagering_balance row
// lock (lockBalance, taken in member id order), and a refund reads what earlier refunds put back of
// its stakes only once it holds that lock, so two refunds of one stake (a cancel and a void
// committing at once) cannot both put back the same part.

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

/** What a refund gives back of one stake (ledger TransactionInput.refunds). */
export interface StakeRefund {
  /** The idempotency key of the ledger movement that made the stake (lottery:order:<id>, ...). */
  stakeKey: string;
  /** The money refunded of that stake, minor units, > 0. */
  refundedMinor: number;
}

/** A ledger movement as the ledger records it (ledger TransactionInput). */
export interface WageringMovement {
  merchantId: number;
  idempotencyKey: string;
  kind: string;
  postings: readonly { accountId: number; amountMinor: number }[];
  nowMs: number;
  /** A refund of one whole stake: the idempotency key of the movement whose stake it gives back. */
  refundsKey?: string;
  /**
   * A refund: the stakes it gives back and the money refunded of each, for all the members it
   * credits (each stake is one member's; each member's named refunds add up to at most what the
   * movement pays it).
   */
  refunds?: readonly StakeRefund[];
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
  checkNamedRefunds(movement, refund !== undefined);
  // Money in for a requirement or a refund, money out for a stake.
  const due = (await memberNets(db, movement)).filter(([, net]) => (stake || takeBack ? net < 0 : net > 0));
  if (due.length === 0) return;
  const settings = await readWageringSettings(db, movement.merchantId);
  const kindProduct = stake ?? refund;
  const product: WageringProduct | null =
    kindProduct === undefined
      ? null
      : kindProduct === 'lottery'
        ? 'lottery'
        : await gameProductOf(db, movement.merchantId, movement.refundsKey ?? movement.refunds?.[0]?.stakeKey ?? movement.idempotencyKey);
  // A refund's stakes (never changed once written, so read before the locks).
  const stakes = refund
    ? await queries.selectStakeEntries(db, movement.merchantId, [...new Set(namedStakeKeys(movement))], due.map(([memberId]) => memberId))
    : new Map<string, Map<number, queries.StakeEntry>>();
  for (const [memberId, net] of due) {
    // Locked before anything of the member is read (a refund reads what its stakes have had back).
    const balance = await queries.lockBalance(db, movement.merchantId, memberId, movement.nowMs);
    const entry: EntryPlan = bonus
      ? bonusEntry(net, movement.wageringRequirementMinor!)
      : takeBack
        ? { kind: 'requirement_removed' as const, product: null, moneyMinor: -net, weightedMinor: movement.wageringRequirementMinor!, changeMinor: 0, refundsEntryId: null }
        : requirement
          ? requirementEntry(settings, requirement, net)
          : stake
            ? stakeEntry(settings, product as WageringProduct, -net)
            : await refundEntry(db, movement, memberId, product as WageringProduct, net, stakes);
    const changeMinor = entry.kind === 'stake_counted' || entry.kind === 'requirement_removed' ? -Math.min(entry.weightedMinor, balance.remainingMinor) : entry.changeMinor;
    const remainingMinor = balance.remainingMinor + changeMinor;
    // Progress since the remaining was last zero: a stake adds what it met, a refund takes it back,
    // and meeting the requirement starts it again.
    let countedMinor = balance.countedMinor;
    if (entry.kind === 'stake_counted') countedMinor -= changeMinor;
    else if (entry.kind === 'stake_refunded') countedMinor = Math.max(0, countedMinor - changeMinor);
    if (remainingMinor === 0) countedMinor = 0;
    const entryId = await queries.insertEntryAndMove(db, {
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
    if (entryId !== undefined && entry.parts) await queries.insertRefundParts(db, entryId, entry.parts);
  }
}

/** A refund names its stakes once (refunds, or refundsKey for one whole stake), each with money > 0; no other movement names any. */
function checkNamedRefunds(movement: WageringMovement, isRefund: boolean): void {
  if (movement.refunds === undefined) return;
  if (!isRefund) throw new Error(`A ${movement.kind} movement is no refund and names no stakes (refunds)`);
  if (movement.refundsKey !== undefined) throw new Error(`Refund ${movement.idempotencyKey} names its stakes either by refundsKey or by refunds, not both`);
  for (const named of movement.refunds) {
    if (typeof named.stakeKey !== 'string' || named.stakeKey === '' || !Number.isSafeInteger(named.refundedMinor) || named.refundedMinor <= 0) {
      throw new Error(`Refund ${movement.idempotencyKey} names a stake without its key or with a refund that is not a positive amount of minor units`);
    }
  }
}

const namedStakeKeys = (movement: WageringMovement): string[] =>
  movement.refunds?.map((named) => named.stakeKey) ?? (movement.refundsKey === undefined ? [] : [movement.refundsKey]);

interface EntryPlan {
  kind: 'requirement_added' | 'stake_counted' | 'stake_refunded' | 'requirement_removed';
  product: WageringProduct | null;
  moneyMinor: number;
  weightedMinor: number;
  /** Requirements and refunds: what the remaining moves by (a stake's depends on what remains). */
  changeMinor: number;
  refundsEntryId: number | null;
  /** A refund: what it gives back of each stake it names. */
  parts?: queries.RefundPart[];
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

/**
 * A refund's entry for one member, whose balance the caller has locked: of each of the member's
 * stakes it names, the part refunded of what the stake took off, rounded up, but never more than
 * the stake took off less what earlier refunds of it put back. A stake named that the member never
 * made (or that was never counted) gives back nothing.
 */
async function refundEntry(
  db: Db,
  movement: WageringMovement,
  memberId: number,
  product: WageringProduct,
  moneyMinor: number,
  stakes: ReadonlyMap<string, ReadonlyMap<number, queries.StakeEntry>>,
): Promise<EntryPlan> {
  const named = movement.refunds ?? (movement.refundsKey === undefined ? [] : [{ stakeKey: movement.refundsKey, refundedMinor: moneyMinor }]);
  // The member's stakes among those named, with what is refunded of each (a stake named twice, summed).
  const refunded = new Map<number, { stake: queries.StakeEntry; refundedMinor: number }>();
  for (const { stakeKey, refundedMinor } of named) {
    const stake = stakes.get(stakeKey)?.get(memberId);
    if (!stake) continue;
    const seen = refunded.get(stake.id);
    refunded.set(stake.id, { stake, refundedMinor: (seen?.refundedMinor ?? 0) + refundedMinor });
  }
  const namedMinor = [...refunded.values()].reduce((sum, part) => sum + part.refundedMinor, 0);
  if (namedMinor > moneyMinor) {
    throw new Error(`Refund ${movement.idempotencyKey} names ${namedMinor} refunded of member ${memberId}'s stakes but pays the member ${moneyMinor}`);
  }
  const reversed = await queries.selectReversedMinor(db, [...refunded.keys()]);
  const parts: queries.RefundPart[] = [];
  for (const { stake, refundedMinor } of refunded.values()) {
    const share = stake.moneyMinor === 0 ? 0 : Number((BigInt(stake.appliedMinor) * BigInt(refundedMinor) + BigInt(stake.moneyMinor) - 1n) / BigInt(stake.moneyMinor));
    const back = Math.max(0, Math.min(share, stake.appliedMinor - (reversed.get(stake.id) ?? 0)));
    parts.push({ stakeEntryId: stake.id, moneyMinor: refundedMinor, changeMinor: back });
  }
  const backMinor = parts.reduce((sum, part) => sum + part.changeMinor, 0);
  const only = refunded.size === 1 ? [...refunded.values()][0] : undefined;
  return {
    kind: 'stake_refunded',
    product: only?.stake.product ?? product,
    moneyMinor,
    weightedMinor: backMinor,
    changeMinor: backMinor,
    refundsEntryId: only?.stake.id ?? null,
    parts,
  };
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
