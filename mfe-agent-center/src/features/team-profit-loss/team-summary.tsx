import { formatMoney, useT, type AmountMinor } from '@platform/shared';
import { useId } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { FigureCard } from '../agent-page/figure-card';
import { formatCount } from '../team-overview/chart-scale';
import type { ProfitLossRow } from './profit-loss-api';
import styles from './team-profit-loss.module.css';
import { NAMESPACE } from './translations';

/** What a team's profit and loss says of it: below 0 the team lost (the house won), above 0 it won. */
export type TeamResult = 'loss' | 'win' | 'even';

export const teamResultOf = (profitLossMinor: AmountMinor): TeamResult => (profitLossMinor < 0 ? 'loss' : profitLossMinor > 0 ? 'win' : 'even');

const RESULT_CLASS: Record<TeamResult, string | undefined> = {
  loss: styles.loss,
  win: styles.win,
  even: undefined,
};

/**
 * The whole team's figures of the period (the agent's team, or the team of the member drilled
 * into), with its result said in words: "Team net loss" or "Team net win".
 */
export function TeamSummary({ team, title }: { team: ProfitLossRow; title: string }) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const result = teamResultOf(team.profitLossMinor);
  return (
    <section className={layout.section} aria-labelledby={headingId} data-testid="pnl-summary">
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <span className={styles.teamSize} data-testid="pnl-team-size">
          {t('team_size', { size: formatCount(team.teamSize) })}
        </span>
      </div>
      <p className={RESULT_CLASS[result] ? `${styles.result} ${RESULT_CLASS[result]}` : styles.result} data-testid="pnl-result" data-result={result}>
        <span className={styles.resultLabel}>{t(`result_${result}`)}</span>
        <span className={styles.resultAmount}>{formatMoney(team.profitLossMinor)}</span>
      </p>
      <dl className={layout.cards} data-testid="pnl-figures">
        <FigureCard testId="pnl-deposits" label={t('fig_deposits')} value={formatMoney(team.depositsMinor)} />
        <FigureCard testId="pnl-withdrawals" label={t('fig_withdrawals')} value={formatMoney(team.withdrawalsMinor)} />
        <FigureCard testId="pnl-bets" label={t('fig_bets')} value={formatMoney(team.betsMinor)} />
        <FigureCard testId="pnl-wins" label={t('fig_wins')} value={formatMoney(team.winsMinor)} />
        <FigureCard testId="pnl-rebates" label={t('fig_rebates')} value={formatMoney(team.rebatesMinor)} />
        <FigureCard testId="pnl-salaries" label={t('fig_salaries')} value={formatMoney(team.salariesMinor)} />
        <FigureCard testId="pnl-promotions" label={t('fig_promotions')} value={formatMoney(team.promotionsMinor)} />
        <FigureCard testId="pnl-profit-loss" label={t('fig_profit_loss')} value={formatMoney(team.profitLossMinor)} valueClassName={RESULT_CLASS[result]} />
      </dl>
      <p className={layout.note}>{t('figures_note')}</p>
    </section>
  );
}
