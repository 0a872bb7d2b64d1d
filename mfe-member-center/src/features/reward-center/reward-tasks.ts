// The reward centre's task tabs as pure functions of the promotion list (contract/src/promotion.ts):
// which promotions each tab shows, the daily sign-in's calendar, what a new player still has to do,
// and how far a day's loss or stake is from its reward. Amounts stay major units as the wire sends
// them; they are turned into money only for display (reward-model.ts moneyText), and compared in
// minor units (amountMinorFromMajor), never with float maths.
import { amountMinorFromMajor } from '@platform/shared';
import type { PromotionEntry, PromotionRequirement, PromotionState } from '@platform/contract';
import { moneyText, type Translate } from './reward-model';

// ── Daily sign-in ────────────────────────────────────────────────────────────────────────────

/** The daily sign-ins with a streak to show: an ended one has nothing left to sign in to. */
export const signInPromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.trigger === 'sign_in' && entry.state !== 'close' && (entry.reward?.streak?.length ?? 0) > 0);

/** A day of the streak: before today's (signed in), today's, or later. */
export type StreakDayStatus = 'done' | 'today' | 'upcoming';

export interface StreakDay {
  /** 1 … the streak's length. */
  day: number;
  /** Major units, as the wire sends them. */
  amount: number;
  status: StreakDayStatus;
}

export interface SignInCalendar {
  days: StreakDay[];
  /** Where today is in the round (1-based), or null before the promotion starts. */
  todayDay: number | null;
  /** Today's state: sign in now, already signed in, or neither (not started). */
  today: 'sign_in' | 'signed_in' | 'not_open';
}

/**
 * The streak's calendar. `streakDay` is today's day of the streak: while the state is claim the
 * day a sign-in now pays, once signed in (process, claimed) the day paid. After the last day the
 * streak goes round again (the server pays day N+1 as day 1), so the calendar shows the current
 * round: the days before today's place in it are those already signed in this round.
 */
export function signInCalendar(entry: PromotionEntry): SignInCalendar {
  const amounts = entry.reward?.streak ?? [];
  const signedIn = entry.state === 'process' || entry.state === 'claimed';
  const open = entry.state === 'claim' || signedIn;
  const streakDay = entry.streakDay !== null && entry.streakDay >= 1 ? entry.streakDay : 1;
  const todayDay = open && amounts.length > 0 ? ((streakDay - 1) % amounts.length) + 1 : null;
  const days = amounts.map((amount, index): StreakDay => {
    const day = index + 1;
    const status: StreakDayStatus = todayDay === null || day > todayDay ? 'upcoming' : day === todayDay ? 'today' : 'done';
    return { day, amount, status };
  });
  return { days, todayDay, today: !open ? 'not_open' : signedIn ? 'signed_in' : 'sign_in' };
}

// ── New-player tasks ─────────────────────────────────────────────────────────────────────────

const NEWBIE_TRIGGERS: ReadonlySet<string> = new Set(['registration', 'first_deposit']);

/** The new-player promotions: category new_player, or earned by registering or a first deposit. */
export const newbiePromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.category === 'new_player' || NEWBIE_TRIGGERS.has(entry.trigger));

/** States in which the member may still receive the reward (their requirements still matter). */
const STILL_TO_RECEIVE: readonly PromotionState[] = ['join', 'joined', 'claim', 'apply', 'comingSoon'];

export interface RequirementTask {
  requirement: PromotionRequirement;
  done: boolean;
}

/**
 * What the member must have before the new-player rewards still to receive pay: each requirement
 * one of them asks for, done or still to do (a claim is refused while one is missing), in the
 * contract's order, to-dos first.
 */
export function requirementTasks(entries: readonly PromotionEntry[]): RequirementTask[] {
  const open = entries.filter((entry) => STILL_TO_RECEIVE.includes(entry.state));
  const asked = new Set<PromotionRequirement>();
  const missing = new Set<PromotionRequirement>();
  for (const entry of open) {
    for (const requirement of entry.requirements) asked.add(requirement);
    for (const requirement of entry.missingRequirements) {
      asked.add(requirement);
      missing.add(requirement);
    }
  }
  const order: PromotionRequirement[] = ['mobile_verified', 'bank_card', 'real_name'];
  const tasks = order.filter((requirement) => asked.has(requirement)).map((requirement) => ({ requirement, done: !missing.has(requirement) }));
  return [...tasks.filter((task) => !task.done), ...tasks.filter((task) => task.done)];
}

/** The member-centre page where a requirement is met: the mobile and the real name in My Account, a bank card on the withdraw page. */
export function requirementPage(requirement: PromotionRequirement): 'securityCenter' | 'withdraw' {
  return requirement === 'bank_card' ? 'withdraw' : 'securityCenter';
}

export function requirementLabel(requirement: PromotionRequirement, done: boolean, t: Translate): string {
  switch (requirement) {
    case 'mobile_verified':
      return done ? t('requirement_mobile_verified') : t('requirement_mobile_verified_todo');
    case 'bank_card':
      return done ? t('requirement_bank_card') : t('requirement_bank_card_todo');
    case 'real_name':
      return done ? t('requirement_real_name') : t('requirement_real_name_todo');
  }
}

/** A task is done once its reward was received (or can no longer be). */
export const isTaskDone = (state: PromotionState): boolean => state === 'claimed' || state === 'process' || state === 'issued';

// ── Rescue and the day's bets ────────────────────────────────────────────────────────────────

/** net_loss: a share of yesterday's loss back; bet_volume: a reward for today's stake. */
export const rescuePromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.trigger === 'net_loss' && entry.state !== 'comingSoon' && !(entry.state === 'close' && entry.closeReason === 'ended'));

export const betVolumePromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.trigger === 'bet_volume' && entry.state !== 'comingSoon' && !(entry.state === 'close' && entry.closeReason === 'ended'));

export interface DayProgress {
  /** Minor units measured (staked today, lost yesterday) and the target, for the bar. */
  amountMinor: number;
  targetMinor: number;
  /** 0 … 100, whole. */
  percent: number;
  reached: boolean;
  /** Minor units still missing to the target (0 once reached). */
  missingMinor: number;
}

/** How far the measured amount is from the target (null: the server measured nothing, a visitor). */
export function dayProgress(entry: PromotionEntry): DayProgress | null {
  if (!entry.progress) return null;
  const amountMinor = Math.max(0, amountMinorFromMajor(entry.progress.amount) ?? 0);
  const targetMinor = Math.max(0, amountMinorFromMajor(entry.progress.target) ?? 0);
  const reached = amountMinor >= targetMinor;
  const percent = targetMinor === 0 ? 100 : Math.min(100, Math.floor((amountMinor * 100) / targetMinor));
  return { amountMinor, targetMinor, percent, reached, missingMinor: reached ? 0 : targetMinor - amountMinor };
}

/** What a promotion gives, before it is earned (null: nothing to say). */
export function rewardText(entry: PromotionEntry, t: Translate): string | null {
  const reward = entry.reward;
  if (!reward) return null;
  if (reward.kind === 'fixed') return reward.amount === null ? null : t('reward_fixed', { amount: moneyText(reward.amount) ?? '' });
  if (reward.kind === 'percent' && reward.percent !== null) {
    const cap = moneyText(reward.cap);
    if (entry.trigger === 'net_loss') return cap ? t('reward_loss_percent_cap', { percent: reward.percent, cap }) : t('reward_loss_percent', { percent: reward.percent });
    return cap ? t('reward_percent_cap', { percent: reward.percent, cap }) : t('reward_percent', { percent: reward.percent });
  }
  if (reward.kind === 'tickets' && reward.tickets !== null) return t('reward_tickets', { count: reward.tickets });
  if (reward.kind === 'points' && reward.points !== null) return t('reward_points', { count: reward.points });
  return null;
}

// ── States in words ──────────────────────────────────────────────────────────────────────────

/** Every state a promotion may be in, in the page's words. */
export function stateLabel(state: PromotionState, t: Translate): string {
  switch (state) {
    case 'comingSoon':
      return t('state_coming_soon');
    case 'join':
      return t('state_join');
    case 'joined':
      return t('state_joined');
    case 'claim':
      return t('state_claim');
    case 'apply':
      return t('state_apply');
    case 'applying':
      return t('state_applying');
    case 'rejected':
      return t('state_rejected');
    case 'issued':
      return t('state_issued');
    case 'process':
      return t('state_process');
    case 'claimed':
      return t('state_claimed');
    case 'close':
      return t('state_close');
    case 'none':
      return t('state_none');
  }
}
