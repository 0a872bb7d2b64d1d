import { useT } from '@platform/shared';
import type { LotteryRound } from '@platform/contract';
import { NAMESPACE } from '../../locales';
import { formatCountdown, useServerNow } from './clock';

/** A round's close as a line that ticks: "Closes in 00:42", or "Betting closed" once past. */
export function RoundCountdown({ round, offsetMs, className }: { round: LotteryRound | null; offsetMs: number; className?: string }) {
  const { t } = useT(NAMESPACE);
  const now = useServerNow(offsetMs);
  if (!round) return <span className={className}>{t('no_round_on_sale')}</span>;
  const remaining = round.closeTime - now;
  return (
    <span className={className} data-testid="round-countdown">
      {remaining > 0 ? t('closes_in', { time: formatCountdown(remaining) }) : t('betting_closed')}
    </span>
  );
}
