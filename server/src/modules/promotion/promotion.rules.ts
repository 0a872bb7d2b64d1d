import type { PromotionRequirement, PromotionState, PromotionTrigger } from '@platform/contract';

// A promotion's rules as pure functions of what is known (no database): how much a bonus is, what
// it asks to be staked, and where one member stands. The service reads the facts and calls these
// both to show a promotion and, inside the claim's transaction, to decide whether it pays.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A promotion's rules (promotion table, migration 053). */
export interface PromotionRules {
  id: number;
  trigger: PromotionTrigger;
  startsAtMs: number | null;
  endsAtMs: number | null;
  rewardKind: 'fixed' | 'percent' | null;
  rewardFixedMinor: number | null;
  /** 10000 = 100 % of the qualifying deposit. */
  rewardBasisPoints: number | null;
  rewardCapMinor: number | null;
  minDepositMinor: number | null;
  /** Hundredths: 1000 = 10×. */
  wageringMultiplierX100: number;
  wageringIncludesDeposit: boolean;
  wagerWithinDays: number | null;
  claimWindowHours: number | null;
  newPlayerDays: number | null;
  requirements: PromotionRequirement[];
  onePerPerson: boolean;
}

/** What the rules need to know of the member (none: a visitor, seen as a new member would be). */
export interface MemberFacts {
  registeredAtMs: number;
  /** Whether the member has an approved deposit at all. */
  hasDeposited: boolean;
  has: Record<PromotionRequirement, boolean>;
  /** The member's whole remaining wagering requirement. */
  wageringRemainingMinor: number;
}

/** The member's row of the promotion (promotion_claim), if any. */
export interface ClaimFacts {
  state: 'joined' | 'claimed' | 'taken_back';
  joinedAtMs: number;
  claimedAtMs: number | null;
  bonusMinor: number | null;
}

/** The deposit that earns a deposit promotion's bonus for this member (see qualifyingDeposit). */
export interface DepositFacts {
  depositId: number;
  creditedMinor: number;
  settledAtMs: number;
}

export type CloseReason = 'ended' | 'not_new_player' | 'already_deposited' | 'claim_expired' | 'linked_account' | 'taken_back';

export interface Standing {
  state: PromotionState;
  closeReason: CloseReason | null;
  /** claim: the bonus waiting; process, claimed: the bonus paid. */
  bonusMinor: number | null;
  claimDeadlineMs: number | null;
  /** claim: the deposit that earned it (deposit triggers). */
  deposit: DepositFacts | null;
  /** What the member lacks of the promotion's requirements (a claim is refused until none). */
  missing: PromotionRequirement[];
}

/** The bonus a deposit (or nothing, for a fixed reward) earns. */
export function bonusMinorOf(rules: PromotionRules, depositMinor: number | null): number | null {
  if (rules.rewardKind === 'fixed') return rules.rewardFixedMinor;
  if (rules.rewardKind === 'percent' && rules.rewardBasisPoints !== null && depositMinor !== null) {
    // Whole minor units, rounded down: the house never pays a fraction of a cent it did not promise.
    const bonus = Math.floor((depositMinor * rules.rewardBasisPoints) / 10_000);
    const capped = rules.rewardCapMinor === null ? bonus : Math.min(bonus, rules.rewardCapMinor);
    return capped > 0 ? capped : null;
  }
  return null;
}

/** What the bonus adds to the member's wagering requirement: multiplier × (bonus [+ deposit]), rounded up. */
export function requirementMinorOf(rules: PromotionRules, bonusMinor: number, depositMinor: number | null): number {
  const base = bonusMinor + (rules.wageringIncludesDeposit && depositMinor !== null ? depositMinor : 0);
  return Math.ceil((base * rules.wageringMultiplierX100) / 100);
}

const hasStarted = (rules: PromotionRules, nowMs: number) => rules.startsAtMs === null || rules.startsAtMs <= nowMs;
const hasEnded = (rules: PromotionRules, nowMs: number) => rules.endsAtMs !== null && rules.endsAtMs <= nowMs;

/** Until when a bonus earned at `earnedAtMs` may be claimed (null: no limit). */
export function claimDeadlineOf(rules: PromotionRules, earnedAtMs: number): number | null {
  if (rules.claimWindowHours !== null) return earnedAtMs + rules.claimWindowHours * HOUR_MS;
  return rules.endsAtMs;
}

/**
 * Where a member (or a visitor, `member` null) stands in a promotion at `nowMs`. `deposit` is the
 * qualifying deposit the service found for a joined deposit promotion (none yet: null).
 */
export function standingOf(
  rules: PromotionRules,
  member: MemberFacts | null,
  claim: ClaimFacts | null,
  deposit: DepositFacts | null,
  nowMs: number,
): Standing {
  const missing = member ? rules.requirements.filter((requirement) => !member.has[requirement]) : [];
  const standing = (state: PromotionState, extra: Partial<Standing> = {}): Standing => ({
    state, closeReason: null, bonusMinor: null, claimDeadlineMs: null, deposit: null, missing, ...extra,
  });
  const close = (closeReason: CloseReason) => standing('close', { closeReason });

  if (claim?.state === 'taken_back') return standing('close', { closeReason: 'taken_back', bonusMinor: claim.bonusMinor });
  if (claim?.state === 'claimed') {
    const wagerOpen = rules.wagerWithinDays === null || nowMs < (claim.claimedAtMs ?? nowMs) + rules.wagerWithinDays * DAY_MS;
    const inProcess = rules.wageringMultiplierX100 > 0 && wagerOpen && (member?.wageringRemainingMinor ?? 0) > 0;
    return standing(inProcess ? 'process' : 'claimed', { bonusMinor: claim.bonusMinor });
  }
  if (!hasStarted(rules, nowMs)) return standing('comingSoon');
  if (rules.trigger === 'none') return standing(hasEnded(rules, nowMs) ? 'close' : 'none', hasEnded(rules, nowMs) ? { closeReason: 'ended' } : {});

  const earned = (earnedAtMs: number, bonusMinor: number | null, qualifying: DepositFacts | null): Standing => {
    const claimDeadlineMs = claimDeadlineOf(rules, earnedAtMs);
    if (bonusMinor === null) return close('ended');
    if (claimDeadlineMs !== null && claimDeadlineMs <= nowMs) return close(hasEnded(rules, nowMs) && rules.claimWindowHours === null ? 'ended' : 'claim_expired');
    return standing('claim', { bonusMinor, claimDeadlineMs, deposit: qualifying });
  };

  switch (rules.trigger) {
    case 'registration': {
      if (member && rules.newPlayerDays !== null && member.registeredAtMs + rules.newPlayerDays * DAY_MS <= nowMs) return close('not_new_player');
      if (hasEnded(rules, nowMs)) return close('ended');
      // Earned on registering, or when the promotion started for a member who registered before.
      const earnedAtMs = Math.max(member?.registeredAtMs ?? nowMs, rules.startsAtMs ?? 0);
      return earned(earnedAtMs, bonusMinorOf(rules, null), null);
    }
    case 'first_deposit':
    case 'deposit': {
      if (member && rules.newPlayerDays !== null && member.registeredAtMs + rules.newPlayerDays * DAY_MS <= nowMs) return close('not_new_player');
      if (deposit && claim) return earned(deposit.settledAtMs, bonusMinorOf(rules, deposit.creditedMinor), deposit);
      // Joined, and the first deposit was made without qualifying (below the minimum): it never will.
      if (claim && rules.trigger === 'first_deposit' && member?.hasDeposited) return close('already_deposited');
      if (hasEnded(rules, nowMs)) return close('ended');
      if (claim) return standing('joined');
      if (rules.trigger === 'first_deposit' && member?.hasDeposited) return close('already_deposited');
      return standing('join');
    }
    case 'promo_code': {
      if (hasEnded(rules, nowMs)) return close('ended');
      return earned(Math.max(nowMs, rules.startsAtMs ?? 0), bonusMinorOf(rules, null), null);
    }
  }
}
