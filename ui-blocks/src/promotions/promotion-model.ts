// What a promotion (contract/src/promotion.ts) says on a page: its category tab, its state, why it
// is closed and who it is for, its reward and wagering in words, what its countdown counts to, its
// amounts as money. The lobby's promotions pages and the member centre's reward centre both read
// promotions through it. Amounts arrive in major units and are read with amountMinorFromMajor,
// never with float maths. Its words are the blocks' (`promotions.*`): `t` is usePromotionT()'s.
import { amountMinorFromMajor, amountMinorOf, formatDateTime, formatMoney, type AmountMinor } from '@platform/shared';
import { PROMOTION_REQUIREMENTS, type PromotionEntry, type PromotionRequirement, type PromotionState } from '@platform/contract';
import type { PromotionT } from './promotion-t';

/**
 * Whose words: `page`, the promotions pages', where a state's badge is also what the button says
 * and a reward is a few words on a card; `task`, the reward centre's task lists, where the state
 * sits beside the task's own buttons (so it says where the promotion stands, not what to press)
 * and a reward is a sentence of its own.
 */
export type PromotionWording = 'page' | 'task';

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

const CATEGORY_WORDS = {
  all: 'promotions.category_all',
  new_player: 'promotions.category_new_player',
  limited: 'promotions.category_limited',
  special_offer: 'promotions.category_special_offer',
  daily: 'promotions.category_daily',
  high_rebate: 'promotions.category_high_rebate',
  vip: 'promotions.category_vip',
} as const satisfies Record<CategoryTab, string>;

export function categoryLabel(tab: CategoryTab, t: PromotionT): string {
  return t(CATEGORY_WORDS[tab]);
}

// The states both wordings say alike, then each wording's own. `none` has no page word: a
// promotion to read, with nothing to receive, has neither badge nor button.
const COMMON_STATE_WORDS = {
  comingSoon: 'promotions.state_coming_soon',
  joined: 'promotions.state_joined',
  apply: 'promotions.state_apply',
  process: 'promotions.state_process',
  claimed: 'promotions.state_claimed',
} as const;
const STATE_WORDS = {
  page: {
    ...COMMON_STATE_WORDS,
    join: 'promotions.state_join',
    claim: 'promotions.state_claim',
    applying: 'promotions.state_applying',
    rejected: 'promotions.state_rejected',
    issued: 'promotions.state_issued',
    close: 'promotions.state_close',
    none: null,
  },
  task: {
    ...COMMON_STATE_WORDS,
    join: 'promotions.task_state_join',
    claim: 'promotions.task_state_claim',
    applying: 'promotions.task_state_applying',
    rejected: 'promotions.task_state_rejected',
    issued: 'promotions.task_state_issued',
    close: 'promotions.task_state_close',
    none: 'promotions.task_state_none',
  },
} as const satisfies Record<PromotionWording, Record<PromotionState, string | null>>;

/**
 * The state in words: on a page, the badge and the disabled button's label (none for `none`); in
 * a task list, where the promotion stands ("Ready to claim", "Not available").
 */
export function stateLabel(state: PromotionState, t: PromotionT, wording: PromotionWording = 'page'): string | null {
  const key = STATE_WORDS[wording][state];
  return key === null ? null : t(key);
}

/** The badge of a promotion: its state's, except that the daily sign-in's claim is signing in. */
export function badgeLabel(entry: Pick<PromotionEntry, 'state' | 'trigger'>, t: PromotionT): string | null {
  if (entry.state === 'claim' && entry.trigger === 'sign_in') return t('promotions.state_sign_in');
  return stateLabel(entry.state, t);
}

/** What the detail's button says: the badge, but an application waiting for review says so. */
export function actionLabel(entry: Pick<PromotionEntry, 'state' | 'trigger'>, t: PromotionT): string | null {
  if (entry.state === 'applying') return t('promotions.action_under_review');
  return badgeLabel(entry, t);
}

/** What the detail's button does in a state (join, claim, open the application form); null: it only says the state. */
export type PromotionAction = 'join' | 'claim' | 'apply';
export function actionOf(state: PromotionState): PromotionAction | null {
  return state === 'join' || state === 'claim' || state === 'apply' ? state : null;
}

/** VIP levels as a list in the language's way ("3, 4, 5"; "3、4、5" in Chinese). */
function levelsText(levels: readonly number[], t: PromotionT): string {
  return levels.join(t('promotions.level_separator'));
}

/** Who the promotion is for, when it is not for every member: "VIP levels 3, 4, 5", "VIP level 3 members". */
export function audienceText(entry: Pick<PromotionEntry, 'vipLevels'>, t: PromotionT): string | null {
  const levels = entry.vipLevels;
  if (levels === null || levels.length === 0) return null;
  return t('promotions.audience_vip_levels', { count: levels.length, levels: levelsText(levels, t) });
}

/**
 * Why a closed promotion is closed to this member. A VIP promotion names the levels it is for; a
 * promotion for members the operator marked says only that it is for invited members, since the
 * marks are the operator's and never shown to a player.
 */
export function closeReasonText(entry: Pick<PromotionEntry, 'closeReason' | 'vipLevels'>, t: PromotionT): string | null {
  switch (entry.closeReason) {
    case 'ended':
      return t('promotions.close_ended');
    case 'not_new_player':
      return t('promotions.close_not_new_player');
    case 'already_deposited':
      return t('promotions.close_already_deposited');
    case 'claim_expired':
      return t('promotions.close_claim_expired');
    case 'linked_account':
      return t('promotions.close_linked_account');
    case 'taken_back':
      return t('promotions.close_taken_back');
    case 'vip_level': {
      const levels = entry.vipLevels ?? [];
      // Without the levels (an older server) it can still say the member's level is not among them.
      if (levels.length === 0) return t('promotions.close_vip_level_not_yours');
      return t('promotions.close_vip_level', { count: levels.length, levels: levelsText(levels, t) });
    }
    case 'member_label':
      return t('promotions.close_member_label');
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
export function ticketsText(count: number, t: PromotionT): string {
  return t('promotions.reward_tickets', { count });
}

/** "250 points" (loyalty points, spent in the point mall). */
export function pointsText(count: number, t: PromotionT): string {
  return t('promotions.reward_points', { count });
}

const REWARD_WORDS = {
  // A fixed amount on a page is the amount alone; a sign-in streak in a task list is its calendar.
  page: {
    fixed: null,
    percent: 'promotions.reward_percent',
    percentCap: 'promotions.reward_percent_cap',
    lossPercent: 'promotions.reward_loss_percent',
    lossPercentCap: 'promotions.reward_loss_percent_cap',
    tickets: 'promotions.reward_tickets',
    points: 'promotions.reward_points',
    streak: true,
  },
  task: {
    fixed: 'promotions.task_reward_fixed',
    percent: 'promotions.task_reward_percent',
    percentCap: 'promotions.task_reward_percent_cap',
    lossPercent: 'promotions.task_reward_loss_percent',
    lossPercentCap: 'promotions.task_reward_loss_percent_cap',
    tickets: 'promotions.task_reward_tickets',
    points: 'promotions.task_reward_points',
    streak: false,
  },
} as const;

/**
 * The reward. On a page in a few words: '100% up to ৳500.00', '12.5% bonus', '৳8.88', '3 spins
 * of the prize wheel', '৳1.00 to ৳8.00 a day' (a sign-in streak), '10% of yesterday's loss, up to
 * ৳500.00' (rescue: `trigger` net_loss). In a task list as a sentence: 'Reward: 100% of your
 * deposit, up to ৳500.00'. Null without one.
 */
export function rewardText(
  reward: PromotionEntry['reward'],
  t: PromotionT,
  trigger?: PromotionEntry['trigger'],
  wording: PromotionWording = 'page',
): string | null {
  if (!reward) return null;
  const words = REWARD_WORDS[wording];
  if (reward.kind === 'fixed') {
    const amount = moneyText(reward.amount);
    return amount !== null && words.fixed !== null ? t(words.fixed, { amount }) : amount;
  }
  if (reward.kind === 'tickets') return reward.tickets !== null && reward.tickets > 0 ? t(words.tickets, { count: reward.tickets }) : null;
  if (reward.kind === 'points') return reward.points !== null && reward.points > 0 ? t(words.points, { count: reward.points }) : null;
  if (reward.kind === 'streak') return words.streak ? streakRewardText(reward.streak ?? [], t) : null;
  if (reward.percent === null) return null;
  // A percentage is not money: shown as the server wrote it.
  const percent = String(reward.percent);
  const cap = moneyText(reward.cap);
  if (trigger === 'net_loss') return cap ? t(words.lossPercentCap, { percent, cap }) : t(words.lossPercent, { percent });
  return cap ? t(words.percentCap, { percent, cap }) : t(words.percent, { percent });
}

/** '৳1.00 to ৳8.00 a day', or '৳1.00 a day' when every day pays the same. */
function streakRewardText(streak: readonly number[], t: PromotionT): string | null {
  const amounts = streak.map((amount) => amountMinorFromMajor(amount)).filter((minor) => minor !== null);
  if (amounts.length === 0) return null;
  const least = formatMoney(amountMinorOf(Math.min(...amounts)));
  const most = formatMoney(amountMinorOf(Math.max(...amounts)));
  return least === most ? t('promotions.reward_streak_same', { amount: most }) : t('promotions.reward_streak', { min: least, max: most });
}

/**
 * Today's day within the streak's round (1-based): after the last day the streak goes round
 * again, as the server pays it (day N+1 is day 1). A missing or impossible day counts as day 1.
 */
export function streakRoundDay(streakDay: number | null, length: number): number {
  const day = streakDay !== null && streakDay >= 1 ? streakDay : 1;
  return ((day - 1) % length) + 1;
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
  return { day: streakRoundDay(entry.streakDay, amounts.length), length: amounts.length, amounts: amounts.map((amount) => moneyText(amount) ?? '') };
}

/**
 * How full a progress bar is, in whole percent from 0 to 100: an integer ratio of the exact minor
 * units (a ratio, not money), rounded down so that 100 means reached, never 99.99 rounded up. A
 * target of 0 or less is reached.
 */
export function barPercent(amountMinor: AmountMinor | number, targetMinor: AmountMinor | number): number {
  if (targetMinor <= 0) return 100;
  return Math.min(100, Number((BigInt(Math.max(0, amountMinor)) * 100n) / BigInt(targetMinor)));
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
  return { amount: formatMoney(amountMinor), target: formatMoney(targetMinor), percent: barPercent(amountMinor, targetMinor) };
}

/** What a joined promotion waits for, in one line (the deposit promotions add the Deposit button). */
export function joinedHint(entry: Pick<PromotionEntry, 'trigger' | 'repeat' | 'minDeposit' | 'progress'>, t: PromotionT): string {
  const progress = progressOf(entry);
  if (entry.trigger === 'bet_volume') {
    return progress ? t('promotions.joined_hint_bet_volume', { amount: progress.target }) : t('promotions.joined_hint_bet_volume_any');
  }
  if (entry.trigger === 'net_loss') {
    return progress ? t('promotions.joined_hint_net_loss', { amount: progress.target }) : t('promotions.joined_hint_net_loss_any');
  }
  const minimum = moneyText(entry.minDeposit);
  if (entry.repeat === 'daily') {
    return minimum ? t('promotions.joined_hint_daily_deposit_min', { amount: minimum }) : t('promotions.joined_hint_daily_deposit');
  }
  return minimum ? t('promotions.joined_hint_min', { amount: minimum }) : t('promotions.joined_hint');
}

/** A daily promotion: what starts over each day. */
export function dailyResetText(trigger: PromotionEntry['trigger'], t: PromotionT): string {
  switch (trigger) {
    case 'sign_in':
      return t('promotions.daily_reset_sign_in');
    case 'bet_volume':
      return t('promotions.daily_reset_bet_volume');
    case 'net_loss':
      return t('promotions.daily_reset_net_loss');
    case 'first_deposit':
    case 'deposit':
      return t('promotions.daily_reset_deposit');
    default:
      return t('promotions.daily_reset_other');
  }
}

/** "Wager 10× the bonus [+ deposit] [within N days] before withdrawing"; "No wagering" for a multiplier of 0. */
export function wageringText(wagering: PromotionEntry['wagering'], t: PromotionT): string {
  const { multiplier, includesDeposit, withinDays } = wagering;
  if (!(multiplier > 0)) return t('promotions.wagering_none');
  const values = { multiplier: String(multiplier) };
  if (withinDays === null) return includesDeposit ? t('promotions.wagering_bonus_deposit', values) : t('promotions.wagering_bonus', values);
  return includesDeposit
    ? t('promotions.wagering_bonus_deposit_days', { ...values, count: withinDays })
    : t('promotions.wagering_bonus_days', { ...values, count: withinDays });
}

/** From when to when it runs, in local time. */
export function scheduleText(entry: Pick<PromotionEntry, 'startTime' | 'endTime'>, t: PromotionT): string {
  const start = entry.startTime === null ? '' : formatDateTime(entry.startTime);
  const end = entry.endTime === null ? '' : formatDateTime(entry.endTime);
  if (start && end) return t('promotions.schedule_between', { start, end });
  if (start) return t('promotions.schedule_from', { start });
  if (end) return t('promotions.schedule_until', { end });
  return t('promotions.schedule_always');
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
export function countdownText(kind: CountdownKind, leftMs: number, t: PromotionT): string {
  if (leftMs <= 0) {
    if (kind === 'starts') return t('promotions.countdown_started');
    return kind === 'claim' ? t('promotions.countdown_claim_over') : t('promotions.countdown_ended');
  }
  const { days, clock } = timeLeftParts(leftMs);
  const time = days > 0 ? t('promotions.time_days', { days, clock }) : clock;
  if (kind === 'starts') return t('promotions.countdown_starts', { time });
  return kind === 'claim' ? t('promotions.countdown_claim', { time }) : t('promotions.countdown_ends', { time });
}

// A requirement met, and what to do for one missing: on a page with the place where it is done
// ("… in My Account."), in a task list without (the task's button goes there).
const REQUIREMENT_WORDS = {
  page: {
    mobile_verified: { met: 'promotions.requirement_mobile_verified', todo: 'promotions.requirement_mobile_verified_todo' },
    bank_card: { met: 'promotions.requirement_bank_card', todo: 'promotions.requirement_bank_card_todo' },
    real_name: { met: 'promotions.requirement_real_name', todo: 'promotions.requirement_real_name_todo' },
  },
  task: {
    mobile_verified: { met: 'promotions.task_requirement_mobile_verified', todo: 'promotions.task_requirement_mobile_verified_todo' },
    bank_card: { met: 'promotions.task_requirement_bank_card', todo: 'promotions.task_requirement_bank_card_todo' },
    real_name: { met: 'promotions.task_requirement_real_name', todo: 'promotions.task_requirement_real_name_todo' },
  },
} as const satisfies Record<PromotionWording, Record<PromotionRequirement, { met: string; todo: string }>>;

/** The requirement as met ("Bank card bound"). */
export function requirementLabel(requirement: PromotionRequirement, t: PromotionT, wording: PromotionWording = 'page'): string {
  return t(REQUIREMENT_WORDS[wording][requirement].met);
}

/** What the member does to meet a missing requirement (all of it in the member centre). */
export function requirementAction(requirement: PromotionRequirement, t: PromotionT, wording: PromotionWording = 'page'): string {
  return t(REQUIREMENT_WORDS[wording][requirement].todo);
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
