// What the promotions pages read of a promotion (contract/src/promotion.ts): its category tab, its
// reward and wagering in words, what its countdown counts to, and its amounts as AmountMinor.
// Amounts arrive in major units and are read with amountMinorFromMajor, never with float maths.
import { amountMinorFromMajor, amountMinorOf, formatMoney, formatDateTime, type useT } from '@platform/shared';
import {
  PROMOTION_REQUIREMENTS,
  type PromotionEntry,
  type PromotionRequirement,
  type PromotionState,
} from '@platform/contract';

export type { PromotionEntry, PromotionRequirement, PromotionState };

/** The lobby namespace's translate function. */
export type Translate = ReturnType<typeof useT>['t'];

/** The categories with a tab of their own, in tab order; a promotion of another category is under All only. */
export const PROMOTION_CATEGORIES = ['new_player', 'limited', 'special_offer', 'daily', 'high_rebate', 'vip'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
export const ALL_CATEGORIES = 'all';
export type CategoryTab = PromotionCategory | typeof ALL_CATEGORIES;

/** All, then each known category some promotion of the list is in. */
export function categoryTabsOf(list: readonly PromotionEntry[]): CategoryTab[] {
  const present = new Set(list.map((entry) => entry.category));
  return [ALL_CATEGORIES, ...PROMOTION_CATEGORIES.filter((category) => present.has(category))];
}

export function inCategory(list: readonly PromotionEntry[], tab: CategoryTab): PromotionEntry[] {
  return tab === ALL_CATEGORIES ? [...list] : list.filter((entry) => entry.category === tab);
}

export function categoryLabel(tab: CategoryTab, t: Translate): string {
  switch (tab) {
    case 'all':
      return t('category_all');
    case 'new_player':
      return t('category_new_player');
    case 'limited':
      return t('category_limited');
    case 'special_offer':
      return t('category_special_offer');
    case 'daily':
      return t('category_daily');
    case 'high_rebate':
      return t('category_high_rebate');
    case 'vip':
      return t('category_vip');
  }
}

/**
 * The state's badge and disabled button label. `none` has neither: a promotion to read, with
 * nothing to receive.
 */
export function stateLabel(state: PromotionState, t: Translate): string | null {
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
      return null;
  }
}

/** The badge of a promotion: its state's, except that the daily sign-in's claim is signing in. */
export function badgeLabel(entry: Pick<PromotionEntry, 'state' | 'trigger'>, t: Translate): string | null {
  if (entry.state === 'claim' && entry.trigger === 'sign_in') return t('state_sign_in');
  return stateLabel(entry.state, t);
}

/** What the detail's button says: the badge, but an application waiting for review says so. */
export function actionLabel(entry: Pick<PromotionEntry, 'state' | 'trigger'>, t: Translate): string | null {
  if (entry.state === 'applying') return t('action_under_review');
  return badgeLabel(entry, t);
}

/** What the detail's button does in a state (join, claim, open the application form); null: it only says the state. */
export type PromotionAction = 'join' | 'claim' | 'apply';
export function actionOf(state: PromotionState): PromotionAction | null {
  return state === 'join' || state === 'claim' || state === 'apply' ? state : null;
}

export function closeReasonText(reason: PromotionEntry['closeReason'], t: Translate): string | null {
  switch (reason) {
    case 'ended':
      return t('close_ended');
    case 'not_new_player':
      return t('close_not_new_player');
    case 'already_deposited':
      return t('close_already_deposited');
    case 'claim_expired':
      return t('close_claim_expired');
    case 'linked_account':
      return t('close_linked_account');
    case 'taken_back':
      return t('close_taken_back');
    default:
      return null;
  }
}

/** A wire amount (major units) in the site's currency; null when there is none or it is not a number. */
export function moneyText(amountMajor: number | null | undefined): string | null {
  if (amountMajor === null || amountMajor === undefined) return null;
  const minor = amountMinorFromMajor(amountMajor);
  return minor === null ? null : formatMoney(minor);
}

/** "3 spins of the prize wheel". */
export function ticketsText(count: number, t: Translate): string {
  return t('reward_tickets', { count });
}

/** "250 points" (loyalty points, spent in the point mall). */
export function pointsText(count: number, t: Translate): string {
  return t('reward_points', { count });
}

/**
 * The reward in one line: '100% up to ৳500.00', '50% of your deposit', '৳8.88', '3 spins of the
 * prize wheel', '৳1.00 to ৳8.00 a day' (a sign-in streak), '10% of yesterday's loss up to ৳500.00'
 * (rescue: `trigger` net_loss); null without one.
 */
export function rewardText(reward: PromotionEntry['reward'], t: Translate, trigger?: PromotionEntry['trigger']): string | null {
  if (!reward) return null;
  if (reward.kind === 'fixed') return moneyText(reward.amount);
  if (reward.kind === 'tickets') return reward.tickets !== null && reward.tickets > 0 ? ticketsText(reward.tickets, t) : null;
  if (reward.kind === 'points') return reward.points !== null && reward.points > 0 ? pointsText(reward.points, t) : null;
  if (reward.kind === 'streak') {
    const amounts = (reward.streak ?? []).map((amount) => amountMinorFromMajor(amount)).filter((minor) => minor !== null);
    if (amounts.length === 0) return null;
    const least = formatMoney(amountMinorOf(Math.min(...amounts)));
    const most = formatMoney(amountMinorOf(Math.max(...amounts)));
    return least === most ? t('reward_streak_same', { amount: most }) : t('reward_streak', { min: least, max: most });
  }
  if (reward.percent === null) return null;
  // A percentage is not money: shown as the server wrote it.
  const percent = String(reward.percent);
  const cap = moneyText(reward.cap);
  if (trigger === 'net_loss') return cap ? t('reward_loss_percent_cap', { percent, cap }) : t('reward_loss_percent', { percent });
  return cap ? t('reward_percent_cap', { percent, cap }) : t('reward_percent', { percent });
}

/** A sign-in streak: today's day in the round ("Day 3 of 7"), and each day's reward, day 1 first. */
export interface Streak {
  /** 1-based, within the round (after the last day the streak rounds again). */
  day: number;
  length: number;
  amounts: string[];
}

export function streakOf(entry: Pick<PromotionEntry, 'trigger' | 'reward' | 'streakDay'>): Streak | null {
  const amounts = entry.trigger === 'sign_in' && entry.reward?.kind === 'streak' ? entry.reward.streak ?? [] : [];
  if (amounts.length === 0) return null;
  const streakDay = entry.streakDay !== null && entry.streakDay >= 1 ? entry.streakDay : 1;
  return { day: ((streakDay - 1) % amounts.length) + 1, length: amounts.length, amounts: amounts.map((amount) => moneyText(amount) ?? '') };
}

/** Today's stake (bet_volume) or yesterday's loss (net_loss) against what earns the reward. */
export interface Progress {
  amount: string;
  target: string;
  /** How full the bar is: whole percent, 0 to 100. */
  percent: number;
}

export function progressOf(entry: Pick<PromotionEntry, 'progress'>): Progress | null {
  if (!entry.progress) return null;
  const amountMinor = amountMinorFromMajor(entry.progress.amount);
  const targetMinor = amountMinorFromMajor(entry.progress.target);
  if (amountMinor === null || targetMinor === null) return null;
  // A ratio for the bar, not money: integer division of the exact minor units, so a bar at 100 %
  // means reached, never 99.99 % rounded up.
  const percent = targetMinor <= 0 ? 100 : Number((BigInt(Math.max(0, amountMinor)) * 100n) / BigInt(targetMinor));
  return { amount: formatMoney(amountMinor), target: formatMoney(targetMinor), percent: Math.min(100, percent) };
}

/** What a joined promotion waits for, in one line (the deposit promotions add the Deposit button). */
export function joinedHint(entry: Pick<PromotionEntry, 'trigger' | 'repeat' | 'minDeposit' | 'progress'>, t: Translate): string {
  const progress = progressOf(entry);
  if (entry.trigger === 'bet_volume') {
    return progress ? t('joined_hint_bet_volume', { amount: progress.target }) : t('joined_hint_bet_volume_any');
  }
  if (entry.trigger === 'net_loss') return progress ? t('joined_hint_net_loss', { amount: progress.target }) : t('joined_hint_net_loss_any');
  const minimum = moneyText(entry.minDeposit);
  if (entry.repeat === 'daily') return minimum ? t('joined_hint_daily_deposit_min', { amount: minimum }) : t('joined_hint_daily_deposit');
  return minimum ? t('joined_hint_min', { amount: minimum }) : t('joined_hint');
}

/** A daily promotion: what starts over each day. */
export function dailyResetText(trigger: PromotionEntry['trigger'], t: Translate): string {
  switch (trigger) {
    case 'sign_in':
      return t('daily_reset_sign_in');
    case 'bet_volume':
      return t('daily_reset_bet_volume');
    case 'net_loss':
      return t('daily_reset_net_loss');
    case 'first_deposit':
    case 'deposit':
      return t('daily_reset_deposit');
    default:
      return t('daily_reset_other');
  }
}

/** "Wager 10× the bonus [+ deposit] [within N days] before withdrawing"; "No wagering" for a multiplier of 0. */
export function wageringText(wagering: PromotionEntry['wagering'], t: Translate): string {
  const { multiplier, includesDeposit, withinDays } = wagering;
  if (!(multiplier > 0)) return t('wagering_none');
  const values = { multiplier: String(multiplier) };
  if (withinDays === null) return includesDeposit ? t('wagering_bonus_deposit', values) : t('wagering_bonus', values);
  return includesDeposit
    ? t('wagering_bonus_deposit_days', { ...values, count: withinDays })
    : t('wagering_bonus_days', { ...values, count: withinDays });
}

/** From when to when it runs, in local time. */
export function scheduleText(entry: Pick<PromotionEntry, 'startTime' | 'endTime'>, t: Translate): string {
  const start = entry.startTime === null ? '' : formatDateTime(entry.startTime);
  const end = entry.endTime === null ? '' : formatDateTime(entry.endTime);
  if (start && end) return t('schedule_between', { start, end });
  if (start) return t('schedule_from', { start });
  if (end) return t('schedule_until', { end });
  return t('schedule_always');
}

export type CountdownKind = 'starts' | 'ends' | 'claim';

/**
 * What the card's countdown counts to: the start of a promotion coming soon, the claim deadline
 * of a bonus waiting to be claimed, else the end. None for a closed promotion (its reason shows
 * instead) or without the time.
 */
export function countdownOf(entry: Pick<PromotionEntry, 'state' | 'startTime' | 'endTime' | 'claimDeadline'>): { kind: CountdownKind; target: number } | null {
  if (entry.state === 'close') return null;
  if (entry.state === 'comingSoon') return entry.startTime === null ? null : { kind: 'starts', target: entry.startTime };
  if (entry.state === 'claim' && entry.claimDeadline !== null) return { kind: 'claim', target: entry.claimDeadline };
  return entry.endTime === null ? null : { kind: 'ends', target: entry.endTime };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Whole seconds left (rounded up, so 0 only once the time is reached) as days and hh:mm:ss. */
export function timeLeftParts(leftMs: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.ceil(leftMs / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return { days, clock: `${twoDigits(Math.floor(rest / 3600))}:${twoDigits(Math.floor((rest % 3600) / 60))}:${twoDigits(rest % 60)}` };
}

/** 'Ends in 2d 03:04:05', 'Starts in 00:10:00', 'Claim within 05:00:00'; what it says once the time is reached. */
export function countdownText(kind: CountdownKind, leftMs: number, t: Translate): string {
  if (leftMs <= 0) {
    if (kind === 'starts') return t('countdown_started');
    return kind === 'claim' ? t('countdown_claim_over') : t('countdown_ended');
  }
  const { days, clock } = timeLeftParts(leftMs);
  const time = days > 0 ? t('time_days', { days, clock }) : clock;
  if (kind === 'starts') return t('countdown_starts', { time });
  return kind === 'claim' ? t('countdown_claim', { time }) : t('countdown_ends', { time });
}

export function requirementLabel(requirement: PromotionRequirement, t: Translate): string {
  switch (requirement) {
    case 'mobile_verified':
      return t('requirement_mobile_verified');
    case 'bank_card':
      return t('requirement_bank_card');
    case 'real_name':
      return t('requirement_real_name');
  }
}

/** What the member does to meet a missing requirement (all of it in the member centre's security centre). */
export function requirementAction(requirement: PromotionRequirement, t: Translate): string {
  switch (requirement) {
    case 'mobile_verified':
      return t('requirement_mobile_verified_todo');
    case 'bank_card':
      return t('requirement_bank_card_todo');
    case 'real_name':
      return t('requirement_real_name_todo');
  }
}

/**
 * The requirements a refusal (prom_claim_req_field, `value.data`: 'required.bank_card',
 * 'required.mobile_no_verified', …) names, in the promotion's own words; none when it names none
 * this page knows (the server's message is shown then).
 */
export function refusedRequirements(value: unknown): PromotionRequirement[] {
  const data = value && typeof value === 'object' ? (value as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return [];
  const named = new Set(data.map((field) => (typeof field === 'string' ? field.replace(/^required\./, '').replace('mobile_no_verified', 'mobile_verified') : '')));
  return PROMOTION_REQUIREMENTS.filter((requirement) => named.has(requirement));
}

const PROMOTION_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The id of the promotion a detail address names, or null when it names none the server could
 * have (the detail row's parameter rule, and the id's integer range): shown as not found unasked.
 */
export function promotionIdOf(text: string | null | undefined): string | null {
  if (!text || !PROMOTION_ID.test(text) || Number(text) > 2_147_483_647) return null;
  return text;
}
