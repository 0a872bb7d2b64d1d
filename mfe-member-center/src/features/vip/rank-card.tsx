import { formatDate, useT } from '@platform/shared';
import type { PlayerRankProgress } from '@platform/contract';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';
import { FigureBar, RankBadge } from './vip-parts';

/**
 * The member's rank: the badge of its level, this month's figures against what the next level
 * asks (monthly turnover and deposits, and the totals when the level asks them), each with its bar
 * and what remains, and what keeping the current level asks of this month. Levels change at the
 * end of the month (the date shown).
 */
export function RankCard({ progress }: { progress: PlayerRankProgress }) {
  const { t } = useT(NAMESPACE);
  const next = progress.nextLevel;
  const keeps = progress.rankLevel > 0 && (progress.keepTurnover.expected !== null || progress.keepDeposit.expected !== null);
  return (
    <section className={styles.card} data-testid="vip-rank-card" aria-label={t('rank_title')}>
      <div className={styles.cardHead}>
        <span className={styles.level} data-testid="vip-rank-level">
          {t('level', { level: progress.rankLevel })}
        </span>
        <RankBadge name={progress.playerRankName} clubLabel={progress.clubLabel} color={progress.color} color2={progress.color2} testId="vip-rank-badge" />
      </div>
      {next ? (
        <>
          <p className={styles.lead}>
            {t('next_level', { level: next.rankLevel, name: next.playerRankName })}{' '}
            <span className={styles.amount} data-testid="vip-progress-percent">
              {t('percent', { percent: progress.currentProgress })}
            </span>
          </p>
          <div className={styles.figures}>
            <FigureBar label={t('monthly_turnover')} figure={progress.monthlyTurnover} testId="vip-figure-monthly-turnover" />
            <FigureBar label={t('monthly_deposit')} figure={progress.monthlyDeposit} testId="vip-figure-monthly-deposit" />
            <FigureBar label={t('total_turnover')} figure={progress.totalTurnover} testId="vip-figure-total-turnover" />
            <FigureBar label={t('total_deposit')} figure={progress.totalDeposit} testId="vip-figure-total-deposit" />
          </div>
        </>
      ) : (
        <p className={styles.lead}>{t('top_level')}</p>
      )}
      {keeps && (
        <div className={styles.figures}>
          <p className={styles.subhead}>{t('keep_title')}</p>
          <FigureBar label={t('monthly_turnover')} figure={progress.keepTurnover} testId="vip-keep-turnover" />
          <FigureBar label={t('monthly_deposit')} figure={progress.keepDeposit} testId="vip-keep-deposit" />
        </div>
      )}
      <p className={styles.muted}>{t('month_ends', { date: formatDate(progress.monthEndsAt - 1) })}</p>
    </section>
  );
}
