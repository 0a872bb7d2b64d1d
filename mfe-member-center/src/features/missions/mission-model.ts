// What the Mission Activity page shows, worked out from the server's answers without React: how
// far a milestone has come (a bar's percent), the milestone's target and progress in its unit, and
// the countdown to a mission's end.
import { formatMoney, type useT } from '@platform/shared';
import { MISSION_MONEY_KINDS, type MissionMilestone } from '@platform/contract';
import { minorOf } from './mission-api';

export type Translate = ReturnType<typeof useT>['t'];

/** A bar's width: progress over target in whole percent, 0 to 100 (the wire's numbers, never money arithmetic). */
export function percentOf(milestone: Pick<MissionMilestone, 'progress' | 'target'>): number {
  if (milestone.target <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((milestone.progress / milestone.target) * 100)));
}

/** A count or an amount as its kind counts it: money formatted, days and games as whole numbers. */
export function valueText(kind: MissionMilestone['kind'], value: number, t: Translate): string {
  if (MISSION_MONEY_KINDS.includes(kind)) return formatMoney(minorOf(value));
  return kind === 'sign_ins' ? t('unit_days', { count: value }) : t('unit_games', { count: value });
}

/** "12.00 / 20.00": what is counted of the target, the progress never shown above it. */
export function progressText(milestone: MissionMilestone, t: Translate): string {
  const shown = Math.min(milestone.progress, milestone.target);
  return `${valueText(milestone.kind, shown, t)} / ${valueText(milestone.kind, milestone.target, t)}`;
}

/** The milestone's reward: an amount (with the wagering it asks) or prize-wheel spins. */
export function rewardText(milestone: MissionMilestone, t: Translate): string {
  const { reward } = milestone;
  if (reward.kind === 'tickets') return t('reward_tickets', { count: reward.tickets ?? 0 });
  const amount = formatMoney(minorOf(reward.amount ?? 0));
  return reward.wageringMultiplier > 0 ? t('reward_money_wagering', { amount, times: reward.wageringMultiplier }) : t('reward_money', { amount });
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2d 03:04:05" left until `endMs`; null once it has passed. */
export function timeLeftText(leftMs: number, t: Translate): string | null {
  if (leftMs <= 0) return null;
  const seconds = Math.ceil(leftMs / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = `${twoDigits(Math.floor(rest / 3600))}:${twoDigits(Math.floor((rest % 3600) / 60))}:${twoDigits(rest % 60)}`;
  return days > 0 ? t('time_days', { days, clock }) : clock;
}
