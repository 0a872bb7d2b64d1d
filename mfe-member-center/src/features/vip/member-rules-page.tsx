import { formatMoney, useCall, useT } from '@platform/shared';
import type { VipLevel } from '@platform/contract';
import { LoadError } from '@platform/ui-blocks';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { loadRules, minorOf } from './vip-api';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';
import { Loading, RankBadge } from './vip-parts';

/** The level's requirements and rewards as term / value pairs (only those it sets). */
function LevelTerms({ level }: { level: VipLevel }) {
  const { t } = useT(NAMESPACE);
  const money = (major: number) => formatMoney(minorOf(major));
  const terms: [string, string][] = [];
  const { requirements: reach, keep, benefits } = level;
  if (reach.monthlyTurnover > 0) terms.push([t('monthly_turnover'), money(reach.monthlyTurnover)]);
  if (reach.monthlyDeposit > 0) terms.push([t('monthly_deposit'), money(reach.monthlyDeposit)]);
  if (reach.totalTurnover > 0) terms.push([t('total_turnover'), money(reach.totalTurnover)]);
  if (reach.totalDeposit > 0) terms.push([t('total_deposit'), money(reach.totalDeposit)]);
  if (keep.monthlyTurnover > 0 || keep.monthlyDeposit > 0) {
    terms.push([t('keep_short'), [keep.monthlyTurnover > 0 ? `${t('monthly_turnover')} ${money(keep.monthlyTurnover)}` : '', keep.monthlyDeposit > 0 ? `${t('monthly_deposit')} ${money(keep.monthlyDeposit)}` : ''].filter(Boolean).join(', ')]);
  }
  if (benefits.upgradeBonus > 0) terms.push([t('upgrade_bonus_short'), money(benefits.upgradeBonus)]);
  if (benefits.monthlySalary > 0) terms.push([t('monthly_salary_short'), money(benefits.monthlySalary)]);
  const top = benefits.rebate.reduce((best, rate) => Math.max(best, rate.rebateValue), 0);
  if (top > 0) terms.push([t('rebate_up_to'), t('percent', { percent: top })]);
  terms.push([t('customer_service'), benefits.vipService ? t('service_vip') : t('service_live')]);
  if (benefits.withdrawDailyCountExtra > 0) terms.push([t('term_withdraw_count'), t('plus_extra', { extra: benefits.withdrawDailyCountExtra })]);
  if (benefits.withdrawFreeExtra > 0) terms.push([t('term_withdraw_free'), t('plus_extra', { extra: benefits.withdrawFreeExtra })]);
  if (benefits.withdrawPriority) terms.push([t('term_withdraw_priority'), t('priority_first')]);
  if (benefits.withdrawalText) terms.push([t('withdrawals'), benefits.withdrawalText]);
  if (benefits.benefitText) terms.push([t('more'), benefits.benefitText]);
  return (
    <dl className={styles.terms}>
      {terms.map(([term, value]) => (
        <div key={term} className={styles.term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** memberRules: how ranks work, and every level of the ladder with what reaching and keeping it asks and what it brings. */
export default function MemberRulesPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const rules = useCall((signal) => loadRules(signal), [], { requiresSession: true });
  return (
    <div className={styles.page} data-testid="vip-rules">
      <ul className={styles.ruleText}>
        <li>{t('rule_month')}</li>
        <li>{t('rule_promotion')}</li>
        <li>{t('rule_keep')}</li>
        <li>{t('rule_bonus')}</li>
        <li>{t('rule_salary')}</li>
        {rules.status === 'success' && <li>{t('rule_service', { level: rules.data.vipServiceAboveLevel })}</li>}
      </ul>
      {rules.status === 'error' ? (
        <LoadError title={t('load_failed')} error={rules.error} onRetry={rules.refresh} />
      ) : rules.status !== 'success' ? (
        <Loading />
      ) : (
        <ol className={styles.levels} aria-label={t('levels_title')}>
          {rules.data.list.map((level) => (
            <li key={level.rankLevel} className={styles.card} data-testid={`vip-level-${level.rankLevel}`}>
              <div className={styles.cardHead}>
                <span className={styles.level}>{t('level', { level: level.rankLevel })}</span>
                <RankBadge name={level.playerRankName} clubLabel={level.clubLabel} color={level.color} color2={level.color2} />
              </div>
              <LevelTerms level={level} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
