import { useT } from '@platform/shared';
import type { LotteryBetState } from '@platform/contract';
import styles from './team-betting.module.css';
import { NAMESPACE } from './translations';

/** The colour a state reads in: waiting, paid to the member, lost, or money returned. */
const TONE: Record<LotteryBetState, string | undefined> = {
  open: styles.toneWaiting,
  won: styles.toneWon,
  lost: styles.toneLost,
  push: styles.toneReturned,
  cancelled: styles.toneReturned,
  stopped: styles.toneReturned,
  void: styles.toneReturned,
};

/** A bet's state, translated as the member centre's bet records say it. */
export function BetStatus({ status }: { status: LotteryBetState }) {
  const { t } = useT(NAMESPACE);
  return <span className={`${styles.status} ${TONE[status] ?? ''}`}>{t(`status_${status}`)}</span>;
}
