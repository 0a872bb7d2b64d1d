// Pieces the VIP pages share: the rank badge in the level's own colours, a figure's progress bar
// (actual against expected, and what remains), and the load states.
import { formatMoney, Spinner, useT } from '@platform/shared';
import type { VipFigure } from '@platform/contract';
import { minorOf } from './vip-api';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';

/** The level's badge: its club label and name, in the colours the merchant chose for it. */
export function RankBadge({ name, clubLabel, color, color2, testId }: { name: string; clubLabel: string; color: string; color2: string; testId?: string }) {
  return (
    <span className={styles.badge} style={{ background: color, color: color2 }} data-testid={testId}>
      {clubLabel && clubLabel !== name ? `${clubLabel} · ${name}` : name}
    </span>
  );
}

/** One figure: its name, actual / expected, the bar and what remains; nothing when the level does not ask it. */
export function FigureBar({ label, figure, testId }: { label: string; figure: VipFigure; testId: string }) {
  const { t } = useT(NAMESPACE);
  if (figure.expected === null) return null;
  // The server says what remains and how much of the bar is filled: no arithmetic on money here.
  const { percent } = figure;
  const remain = minorOf(figure.remaining);
  return (
    <div className={styles.figure} data-testid={testId}>
      <div className={styles.figureText}>
        <span>{label}</span>
        <span className={styles.amount}>
          {t('actual_of_expected', { actual: formatMoney(minorOf(figure.actual)), expected: formatMoney(minorOf(figure.expected)) })}
        </span>
      </div>
      <div className={styles.progress} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.muted}>{remain > 0 ? t('remaining', { amount: formatMoney(remain) }) : t('reached')}</span>
    </div>
  );
}

export function Loading() {
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  );
}
