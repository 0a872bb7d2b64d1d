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
  rewardKind: 'fixed' | 'percent' | 'streak' | 'tickets' | 'points' | null;
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
  /** 'daily': a member's row per merchant day (sign_in, bet_volume, net_loss; a deposit promotion may be). */
  repeat: 'once' | 'daily';
  /** sign_in: the reward of each streak day, day 1 first; after the last, round again. */
  signInRewardsMinor: number[] | null;
  /** bet_volume: the stake of a day that earns the reward. */
  minBetMinor: number | null;
  /** net_loss: the loss of a day that earns a share of it back. */
  minLossMinor: number | null;
  /** tickets: the prize-wheel tickets it gives. */
  rewardTickets: number | null;
  /** points: the points it gives. */
  rewardPoints: number | null;
  /** The VIP levels it is for, lowest first (null: every level). */
  audienceVipLevels: number[] | null;
  /** It is for members carrying one of these labels (null: every member). */
  audienceLabelIds: number[] | null;
}

/** What the rules need to know of the member (none: a visitor, seen as a new member would be). */
export interface MemberFacts {
  registeredAtMs: number;
  /** Whether the member has an approved deposit at all. */
  hasDeposited: boolean;
  has: Record<PromotionRequirement, boolean>;
  /** The member's whole remaining wagering requirement. */
  wageringRemainingMinor: number;
  /** The member's VIP level (0 without one). */
  vipLevel: number;
  /** The labels an operator put on the member. */
  labelIds: number[];
}

/** The member's row of the promotion (promotion_claim), if any. */
export interface ClaimFacts {
  state: 'joined' | 'applying' | 'rejected' | 'claimed' | 'taken_back';
  joinedAtMs: number;
  claimedAtMs: number | null;
  bonusMinor: number | null;
  /** sign_in: the streak day the row paid. */
  streak?: number | null;
  /** A paid bonus: the member's requirement has reached zero since the bonus added to it. */
  wageredSinceClaim?: boolean;
}

/** The deposit that earns a deposit promotion's bonus for this member (see qualifyingDeposit). */
export interface DepositFacts {
  depositId: number;
  creditedMinor: number;
  settledAtMs: number;
}

/**
 * A daily promotion's period as the service measured it: today's merchant day (net_loss:
 * yesterday's, whose loss it makes good) and what the trigger needs of it.
 */
export interface PeriodFacts {
  /** The merchant day, YYYY-MM-DD. */
  periodKey: string;
  /** When the period's reward can no longer be claimed: the end of today in the merchant's time. */
  claimEndsAtMs: number;
  /** bet_volume: staked in the day, net of refunds; net_loss: lost in the day; otherwise 0. */
  measuredMinor: number;
  /** sign_in: the streak day a sign-in today is (1 when yesterday had none). */
  streakDay: number;
}

/** The period of a promotion that pays once. */
export const ONCE: PeriodFacts = { periodKey: '', claimEndsAtMs: Number.POSITIVE_INFINITY, measuredMinor: 0, streakDay: 1 };

export type CloseReason = 'ended' | 'not_new_player' | 'already_deposited' | 'claim_expired' | 'linked_account' | 'taken_back' | 'vip_level' | 'member_label';

/**
 * Why the member is outside the promotion's audience, if it is: another VIP level, or none of its
 * labels. A visitor is not judged (the page shows the audience; signing in decides).
 */
export function outsideAudience(rules: Pick<PromotionRules, 'audienceVipLevels' | 'audienceLabelIds'>, member: MemberFacts | null): 'vip_level' | 'member_label' | null {
  if (!member) return null;
  if (rules.audienceVipLevels !== null && !rules.audienceVipLevels.includes(member.vipLevel)) return 'vip_level';
  if (rules.audienceLabelIds !== null && !rules.audienceLabelIds.some((id) => member.labelIds.includes(id))) return 'member_label';
  return null;
}

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
  /** A tickets reward: the tickets waiting (claim) or given (claimed). */
  tickets: number | null;
  /** A points reward: the points waiting (claim) or given (claimed). */
  points: number | null;
  /** sign_in: today's streak day (the one a sign-in pays, or paid). */
  streakDay: number | null;
  /** bet_volume: staked today; net_loss: lost yesterday; each with the amount that earns the reward. */
  progress: { measuredMinor: number; targetMinor: number } | null;
}

/** The bonus a deposit, a day's loss (net_loss) or a sign-in streak day (or nothing, for a fixed reward) earns. */
export function bonusMinorOf(rules: PromotionRules, depositMinor: number | null, streakDay = 1): number | null {
  if (rules.rewardKind === 'fixed') return rules.rewardFixedMinor;
  if (rules.rewardKind === 'streak' && rules.signInRewardsMinor && rules.signInRewardsMinor.length > 0) {
    return rules.signInRewardsMinor[(streakDay - 1) % rules.signInRewardsMinor.length];
  }
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

/** A bonus paid by an operator's decision (an application approved, or issued) shows as issued. */
const ISSUED_TRIGGERS: ReadonlySet<PromotionTrigger> = new Set(['application', 'issued']);

/**
 * Where a member (or a visitor, `member` null) stands in a promotion at `nowMs`. `claim` is the
 * member's row of the period (`period`; ONCE for a promotion that pays once), `deposit` the
 * qualifying deposit the service found for a deposit promotion (none yet: null).
 */
export function standingOf(
  rules: PromotionRules,
  member: MemberFacts | null,
  claim: ClaimFacts | null,
  deposit: DepositFacts | null,
  nowMs: number,
  period: PeriodFacts = ONCE,
): Standing {
  const missing = member ? rules.requirements.filter((requirement) => !member.has[requirement]) : [];
  const target = rules.trigger === 'bet_volume' ? rules.minBetMinor : rules.trigger === 'net_loss' ? rules.minLossMinor : null;
  const progress = member && target !== null ? { measuredMinor: period.measuredMinor, targetMinor: target } : null;
  const streakDay = rules.trigger === 'sign_in' ? claim?.streak ?? period.streakDay : null;
  const standing = (state: PromotionState, extra: Partial<Standing> = {}): Standing => ({
    state, closeReason: null, bonusMinor: null, claimDeadlineMs: null, deposit: null, missing, tickets: null, points: null, streakDay, progress, ...extra,
  });
  const close = (closeReason: CloseReason) => standing('close', { closeReason });
  const daily = rules.repeat === 'daily';

  if (claim?.state === 'taken_back') return standing('close', { closeReason: 'taken_back', bonusMinor: claim.bonusMinor });
  if (claim?.state === 'claimed') {
    const wagerOpen = rules.wagerWithinDays === null || nowMs < (claim.claimedAtMs ?? nowMs) + rules.wagerWithinDays * DAY_MS;
    // Wagered once the requirement reached zero after the bonus (what a later deposit adds is not this bonus's to meet).
    const inProcess = rules.wageringMultiplierX100 > 0 && claim.bonusMinor !== null && wagerOpen && !claim.wageredSinceClaim && (member?.wageringRemainingMinor ?? 0) > 0;
    const paid = {
      bonusMinor: claim.bonusMinor,
      tickets: claim.bonusMinor === null && rules.rewardKind === 'tickets' ? rules.rewardTickets : null,
      points: claim.bonusMinor === null && rules.rewardKind === 'points' ? rules.rewardPoints : null,
    };
    return standing(inProcess ? 'process' : ISSUED_TRIGGERS.has(rules.trigger) ? 'issued' : 'claimed', paid);
  }
  if (claim?.state === 'applying') return standing('applying');
  if (claim?.state === 'rejected') return standing('rejected');
  // What was received stays shown as received (above); from here on, the member must be in the
  // audience: a level or a label lost since joining closes what was not paid yet.
  const outside = outsideAudience(rules, member);
  if (outside) return close(outside);
  if (!hasStarted(rules, nowMs)) return standing('comingSoon');
  if (rules.trigger === 'none') return standing(hasEnded(rules, nowMs) ? 'close' : 'none', hasEnded(rules, nowMs) ? { closeReason: 'ended' } : {});

  const earned = (earnedAtMs: number, bonusMinor: number | null, qualifying: DepositFacts | null): Standing => {
    // A daily reward waits until its day's claim ends; one that pays once, its claim window.
    const claimDeadlineMs = daily ? period.claimEndsAtMs : claimDeadlineOf(rules, earnedAtMs);
    const tickets = rules.rewardKind === 'tickets' ? rules.rewardTickets : null;
    const points = rules.rewardKind === 'points' ? rules.rewardPoints : null;
    if (bonusMinor === null && tickets === null && points === null) return close('ended');
    if (claimDeadlineMs !== null && claimDeadlineMs <= nowMs) return close(hasEnded(rules, nowMs) && rules.claimWindowHours === null ? 'ended' : 'claim_expired');
    return standing('claim', { bonusMinor, claimDeadlineMs, deposit: qualifying, tickets, points });
  };
  const rewardMinor = (depositMinor: number | null) =>
    rules.rewardKind === 'tickets' || rules.rewardKind === 'points' ? null : bonusMinorOf(rules, depositMinor, period.streakDay);
  const isNewPlayer = () => !member || rules.newPlayerDays === null || nowMs < member.registeredAtMs + rules.newPlayerDays * DAY_MS;

  switch (rules.trigger) {
    case 'registration': {
      if (!isNewPlayer()) return close('not_new_player');
      if (hasEnded(rules, nowMs)) return close('ended');
      // Earned on registering, or when the promotion started for a member who registered before.
      const earnedAtMs = Math.max(member?.registeredAtMs ?? nowMs, rules.startsAtMs ?? 0);
      return earned(earnedAtMs, rewardMinor(null), null);
    }
    case 'first_deposit':
    case 'deposit': {
      if (!isNewPlayer()) return close('not_new_player');
      if (daily) {
        // A daily reload needs no joining: the day's first qualifying deposit earns it.
        if (deposit) return earned(deposit.settledAtMs, rewardMinor(deposit.creditedMinor), deposit);
        return hasEnded(rules, nowMs) ? close('ended') : standing('joined');
      }
      if (deposit && claim) return earned(deposit.settledAtMs, rewardMinor(deposit.creditedMinor), deposit);
      // Joined, and the first deposit was made without qualifying (below the minimum): it never will.
      if (claim && rules.trigger === 'first_deposit' && member?.hasDeposited) return close('already_deposited');
      if (hasEnded(rules, nowMs)) return close('ended');
      if (claim) return standing('joined');
      if (rules.trigger === 'first_deposit' && member?.hasDeposited) return close('already_deposited');
      return standing('join');
    }
    case 'promo_code': {
      if (hasEnded(rules, nowMs)) return close('ended');
      return earned(Math.max(nowMs, rules.startsAtMs ?? 0), rewardMinor(null), null);
    }
    case 'sign_in': {
      if (hasEnded(rules, nowMs)) return close('ended');
      return earned(nowMs, rewardMinor(null), null);
    }
    case 'bet_volume':
    case 'net_loss': {
      const reached = target !== null && period.measuredMinor >= target;
      // net_loss's period is yesterday: its reward may still be claimed today after the promotion ended.
      if (!reached) return hasEnded(rules, nowMs) ? close('ended') : standing('joined');
      const bonus = rules.trigger === 'net_loss' ? rewardMinor(period.measuredMinor) : rewardMinor(null);
      return earned(nowMs, bonus, null);
    }
    case 'application': {
      if (hasEnded(rules, nowMs)) return close('ended');
      if (!isNewPlayer()) return close('not_new_player');
      return standing('apply', {
        bonusMinor: rewardMinor(null),
        tickets: rules.rewardKind === 'tickets' ? rules.rewardTickets : null,
        points: rules.rewardKind === 'points' ? rules.rewardPoints : null,
      });
    }
    case 'issued':
      return standing(hasEnded(rules, nowMs) ? 'close' : 'none', hasEnded(rules, nowMs) ? { closeReason: 'ended' } : {});
  }
}

/** The streak day a sign-in on `todayKey` is, given the member's last sign-in before today. */
export function streakDayOf(last: { periodKey: string; streak: number } | null, yesterdayKey: string): number {
  return last !== null && last.periodKey === yesterdayKey ? last.streak + 1 : 1;
}
