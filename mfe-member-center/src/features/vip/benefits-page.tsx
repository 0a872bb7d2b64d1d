import { bus, Button, formatMoney, isApiError, useCall, useT } from '@platform/shared';
import type { VipBenefitItem } from '@platform/contract';
import { LoadError, quietRefusalMessage } from '@platform/ui-blocks';
import { useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { claimBenefit, loadBenefits, minorOf } from './vip-api';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';
import { Loading, RankBadge } from './vip-parts';

type Notice = { kind: 'success' | 'error'; text: string };

const keyOf = (item: VipBenefitItem) => `${item.benefitType}-${item.rankLevel}`;

/**
 * benefits: the member's level and what it brings (its rebate rates, its faster withdrawals: more a
 * day, more free ones, reviewed first; VIP customer service, the level's own texts), then every
 * benefit to claim: the upgrade bonus of each
 * level (claimable once reached, once), this month's salary of the member's level. A claim is sent
 * once however often it is pressed; the server pays once and its refusal is shown beside the list.
 * After money arrived the balance and the list are loaded again.
 */
export default function BenefitsPage({ openPage }: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const benefits = useCall((signal) => loadBenefits(signal), [], { requiresSession: true });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const sending = useRef(false);

  const claim = async (item: VipBenefitItem) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(keyOf(item));
    setNotice(null);
    let paid = false;
    try {
      const answer = await claimBenefit(item.benefitType, item.rankLevel);
      paid = answer.paid > 0;
      setNotice({ kind: 'success', text: t('claimed', { amount: formatMoney(minorOf(answer.paid)) }) });
    } catch (failure) {
      const message = isApiError(failure) ? quietRefusalMessage(failure) : null;
      if (!isApiError(failure) || message !== null) setNotice({ kind: 'error', text: message ?? t('claim_failed') });
    } finally {
      if (paid) bus.dispatch({ type: 'refreshBalance' });
      benefits.refresh();
      sending.current = false;
      setBusy(null);
    }
  };

  if (benefits.status === 'error') {
    return (
      <div className={styles.page} data-testid="vip-benefits">
        <LoadError title={t('load_failed')} error={benefits.error} onRetry={benefits.refresh} />
      </div>
    );
  }
  const shown = benefits.status === 'success' ? benefits.data : benefits.status === 'loading' ? benefits.staleData : undefined;
  if (!shown) {
    return (
      <div className={styles.page} data-testid="vip-benefits" aria-busy>
        <Loading />
      </div>
    );
  }
  const { level } = shown;
  const rates = level.benefits.rebate.filter((rate) => rate.rebateValue > 0);
  return (
    <div className={styles.page} data-testid="vip-benefits">
      <section className={styles.card} aria-label={t('my_level')}>
        <div className={styles.cardHead}>
          <span className={styles.level}>{t('level', { level: level.rankLevel })}</span>
          <RankBadge name={level.playerRankName} clubLabel={level.clubLabel} color={level.color} color2={level.color2} testId="vip-benefits-badge" />
        </div>
        <ul className={styles.perks}>
          {rates.length > 0 && (
            <li>{t('perk_rebate', { rates: rates.map((rate) => t('rate', { product: t(`product_${rate.productType}`), percent: rate.rebateValue })).join(', ') })}</li>
          )}
          {level.benefits.monthlySalary > 0 && <li>{t('perk_salary', { amount: formatMoney(minorOf(level.benefits.monthlySalary)) })}</li>}
          {level.benefits.withdrawDailyCountExtra > 0 && <li>{t('perk_withdraw_count', { extra: level.benefits.withdrawDailyCountExtra })}</li>}
          {level.benefits.withdrawFreeExtra > 0 && <li>{t('perk_withdraw_free', { extra: level.benefits.withdrawFreeExtra })}</li>}
          {level.benefits.withdrawPriority && <li>{t('perk_withdraw_priority')}</li>}
          {level.benefits.withdrawalText && <li>{level.benefits.withdrawalText}</li>}
          {level.benefits.benefitText && <li>{level.benefits.benefitText}</li>}
          <li>{level.benefits.vipService ? t('perk_vip_service') : t('perk_live_chat')}</li>
        </ul>
        <Button size="sm" variant="secondary" onClick={() => openPage('playerRank')}>
          {t('to_progress')}
        </Button>
      </section>
      {notice && (
        <p className={notice.kind === 'success' ? styles.success : styles.error} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <ul className={styles.rows} aria-label={t('benefits_title')}>
        {shown.list.map((item) => (
          <li key={keyOf(item)} className={styles.row} data-testid={`vip-benefit-${keyOf(item)}`}>
            <span className={styles.rowName}>
              {item.benefitType === 'upgrade' ? t('upgrade_bonus', { name: item.playerRankName }) : t('monthly_salary', { name: item.playerRankName, month: item.month ?? '' })}
              {item.wageringMultiplier > 0 && <span className={styles.muted}> {t('wagering', { multiplier: item.wageringMultiplier })}</span>}
            </span>
            <span className={styles.amount}>{formatMoney(minorOf(item.amount))}</span>
            {item.state === 'claim' ? (
              <Button size="sm" disabled={busy !== null} loading={busy === keyOf(item)} onClick={() => void claim(item)}>
                {t('claim')}
              </Button>
            ) : (
              <span className={styles.state}>{item.state === 'claimed' ? t('state_claimed') : t('state_locked')}</span>
            )}
          </li>
        ))}
      </ul>
      <Button size="sm" variant="secondary" onClick={() => openPage('benefitsRecords')}>
        {t('to_records')}
      </Button>
    </div>
  );
}
