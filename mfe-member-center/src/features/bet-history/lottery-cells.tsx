import { useT } from '@platform/shared';
import type { LotteryBetState } from '@platform/contract';
import styles from './bet-history.module.css';
import { NAMESPACE } from './translations';

/** The colour a state reads in: waiting, paid to the member, lost, or money returned. */
const TONE: Record<LotteryBetState, string> = {
  open: styles.toneWaiting,
  won: styles.toneWon,
  lost: styles.toneLost,
  push: styles.toneReturned,
  cancelled: styles.toneReturned,
  stopped: styles.toneReturned,
  void: styles.toneReturned,
};

/** A bet's state, translated: open "Awaiting draw", won, lost, push, cancelled, stopped, void. */
export function LotteryStatus({ status }: { status: LotteryBetState }) {
  const { t } = useT(NAMESPACE);
  return <span className={`${styles.status} ${TONE[status]}`}>{t(`lottery_status_${status}`)}</span>;
}

/** A round's numbers once drawn, or a dash before. */
export function WinningNumbers({ numbers }: { numbers: readonly string[] }) {
  if (numbers.length === 0) return <span aria-hidden="true">-</span>;
  return <span className={styles.winningNumber}>{numbers.join(' ')}</span>;
}
