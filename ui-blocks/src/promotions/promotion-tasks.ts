// The reward centre's task tabs as pure functions of the promotion list (contract/src/promotion.ts):
// which promotions each tab shows, the daily sign-in's calendar, what a new player still has to do,
// and how far a day's loss or stake is from its reward. Amounts stay major units as the wire sends
// them; they are turned into money only for display (moneyText), and compared in minor units
// (amountMinorFromMajor), never with float maths.
import { amountMinorFromMajor } from '@platform/shared';
import { PROMOTION_REQUIREMENTS, type PromotionEntry, type PromotionRequirement, type PromotionState } from '@platform/contract';
import { barPercent, streakRoundDay } from './promotion-model';

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
 * day a sign-in now pays, once signed in (process, claimed) the day paid. The calendar shows the
 * current round (streakRoundDay): the days before today's place in it are those already signed in
 * this round.
 */
export function signInCalendar(entry: PromotionEntry): SignInCalendar {
  const amounts = entry.reward?.streak ?? [];
  const signedIn = entry.state === 'process' || entry.state === 'claimed';
  const open = entry.state === 'claim' || signedIn;
  const todayDay = open && amounts.length > 0 ? streakRoundDay(entry.streakDay, amounts.length) : null;
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
  const tasks = PROMOTION_REQUIREMENTS.filter((requirement) => asked.has(requirement)).map((requirement) => ({ requirement, done: !missing.has(requirement) }));
  return [...tasks.filter((task) => !task.done), ...tasks.filter((task) => task.done)];
}

/** The member-centre page where a requirement is met: the mobile and the real name in My Account, a bank card on the withdraw page. */
export function requirementPage(requirement: PromotionRequirement): 'securityCenter' | 'withdraw' {
  return requirement === 'bank_card' ? 'withdraw' : 'securityCenter';
}

/** A task is done once its reward was received (or can no longer be). */
export const isTaskDone = (state: PromotionState): boolean => state === 'claimed' || state === 'process' || state === 'issued';

// ── Rescue and the day's bets ────────────────────────────────────────────────────────────────

/** Shown in a daily tab: started, and not ended. */
const dailyShown = (entry: PromotionEntry) => entry.state !== 'comingSoon' && !(entry.state === 'close' && entry.closeReason === 'ended');

/** net_loss: a share of yesterday's loss back; bet_volume: a reward for today's stake. */
export const rescuePromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.trigger === 'net_loss' && dailyShown(entry));

export const betVolumePromotions = (list: readonly PromotionEntry[]): PromotionEntry[] =>
  list.filter((entry) => entry.trigger === 'bet_volume' && dailyShown(entry));

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
  return { amountMinor, targetMinor, percent: barPercent(amountMinor, targetMinor), reached, missingMinor: reached ? 0 : targetMinor - amountMinor };
}
