// /promotions/:id and /promoDetail?id=: one promotion, what it gives and asks for, its terms, and
// the one action its state allows (join, claim), whose answer is the promotion as it now stands.
import { bus, Button, EmptyState, formatDateTime, isApiError, Link, requireRealAccount, Spinner, useCall, useT } from '@platform/shared';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import { LoadError, quietRefusalMessage } from '@platform/ui-blocks';
import { useRef, useState, type ReactNode } from 'react';
import { NAMESPACE } from './translations';
import {
  moneyText,
  promotionIdOf,
  requirementAction,
  requirementLabel,
  rewardText,
  scheduleText,
  stateLabel,
  wageringText,
  type PromotionEntry,
  type Translate,
} from './promotion-model';
import { PromotionImage, StateBadge, TimeLine } from './promotion-parts';
import { claimPromotion, isNotFound, joinPromotion, loadPromotion } from './promotions-api';
import styles from './promotions.module.css';

export const PROMOTIONS_PATH = '/promotions';

/** Opens a member-centre page; a visitor gets the login popup, a guest account the register notice. */
function openMemberCenter(page: 'securityCenter' | 'depositv2') {
  if (requireRealAccount()) bus.dispatch({ type: 'openMemberCenter', page });
}

function NotFound({ t }: { t: Translate }) {
  return (
    <EmptyState
      title={t('not_found')}
      description={t('not_found_hint')}
      action={
        <Link to={PROMOTIONS_PATH} className={styles.backLink} data-testid="promo-not-found-back">
          {t('back_to_list')}
        </Link>
      }
    />
  );
}

/** The terms, server HTML made safe first (never shown unsanitized). */
function Terms({ html, t }: { html: string; t: Translate }) {
  const sanitized = useSanitizedHtml(html);
  if (sanitized.status !== 'ready') return sanitized.status === 'loading' ? <Spinner size="sm" /> : <p className={styles.muted}>{t('terms_failed')}</p>;
  return <div className={styles.terms} data-testid="promo-terms" dangerouslySetInnerHTML={{ __html: sanitized.html }} />;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.fact} data-testid={testId}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

function Requirements({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  if (entry.requirements.length === 0) return null;
  const missing = new Set(entry.missingRequirements);
  return (
    <section className={styles.section} aria-labelledby={`promo-${entry.id}-requirements`}>
      <h3 id={`promo-${entry.id}-requirements`} className={styles.sectionTitle}>
        {t('requirements')}
      </h3>
      <ul className={styles.requirements}>
        {entry.requirements.map((requirement) => {
          const isMissing = missing.has(requirement);
          return (
            <li
              key={requirement}
              className={[styles.requirement, isMissing ? styles.requirementMissing : styles.requirementMet].join(' ')}
              data-testid="promo-requirement"
              data-requirement={requirement}
              data-missing={isMissing}
            >
              <span className={styles.requirementName}>
                <span aria-hidden="true">{isMissing ? '!' : '✓'} </span>
                {requirementLabel(requirement, t)}
                <span className={styles.visuallyHidden}> ({isMissing ? t('requirement_missing') : t('requirement_met')})</span>
              </span>
              {isMissing && (
                <span className={styles.requirementTodo}>
                  <span>{requirementAction(requirement, t)}</span>
                  <Button size="sm" variant="secondary" onClick={() => openMemberCenter('securityCenter')} data-testid="promo-requirement-fix">
                    {t('requirement_go')}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Action = 'join' | 'claim';

/**
 * The state's button: Join and Claim act, any other state is a disabled button saying it (none
 * for a promotion with nothing to receive). One request at a time; a refusal shows under it.
 */
function ActionArea({ entry, onEntry, t }: { entry: PromotionEntry; onEntry: (entry: PromotionEntry) => void; t: Translate }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);
  const label = stateLabel(entry.state, t);
  if (!label) return null;
  const action: Action | null = entry.state === 'join' || entry.state === 'claim' ? entry.state : null;

  const run = async (kind: Action) => {
    if (sending.current) return;
    // A visitor gets the login popup, a guest account the register notice: nothing is sent.
    if (!requireRealAccount()) return;
    sending.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      if (kind === 'join') {
        onEntry(await joinPromotion(entry.id));
      } else {
        const claimed = await claimPromotion(entry.id);
        bus.dispatch({ type: 'toast', level: 'success', message: t('claim_success', { amount: moneyText(claimed.bonus) ?? '' }) });
        bus.dispatch({ type: 'refreshBalance' });
        onEntry(claimed.promotion);
      }
    } catch (failure) {
      setRefusal(isApiError(failure) ? quietRefusalMessage(failure) : t('action_failed'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div className={styles.actionArea}>
      <Button
        size="lg"
        block
        disabled={!action}
        loading={busy}
        onClick={action ? () => void run(action) : undefined}
        data-testid="promo-action"
        data-state={entry.state}
      >
        {label}
      </Button>
      {refusal && (
        <p className={styles.refusal} role="alert" data-testid="promo-refusal">
          {refusal}
        </p>
      )}
      {entry.state === 'joined' && (
        <p className={styles.hint}>
          {entry.minDeposit ? t('joined_hint_min', { amount: moneyText(entry.minDeposit) }) : t('joined_hint')}{' '}
          <Button size="sm" variant="ghost" onClick={() => openMemberCenter('depositv2')} data-testid="promo-deposit">
            {t('deposit')}
          </Button>
        </p>
      )}
    </div>
  );
}

function DetailContent({ entry, content, onEntry }: { entry: PromotionEntry; content: string; onEntry: (entry: PromotionEntry) => void }) {
  const { t } = useT(NAMESPACE);
  const reward = rewardText(entry.reward, t);
  const minDeposit = moneyText(entry.minDeposit);
  const bonus = moneyText(entry.bonus);
  const remaining = moneyText(entry.wagering.remaining);
  return (
    <article className={styles.detail} data-testid="promo-detail" data-state={entry.state}>
      <PromotionImage entry={entry} className={styles.detailImage} />
      <div className={styles.detailMain}>
        <div className={styles.detailHead}>
          <h2 className={styles.detailTitle}>{entry.title}</h2>
          <StateBadge state={entry.state} t={t} />
        </div>
        {reward && (
          <p className={styles.detailReward} data-testid="promo-reward">
            {reward}
          </p>
        )}
        <TimeLine entry={entry} t={t} />
        {bonus && (entry.state === 'claim' || entry.state === 'process' || entry.state === 'claimed') && (
          <p className={styles.bonus} data-testid="promo-bonus">
            {t('your_bonus', { amount: bonus })}
          </p>
        )}
        {entry.state === 'process' && remaining && (
          <p className={styles.progress} data-testid="promo-wagering-remaining">
            {t('wagering_remaining', { amount: remaining })}
          </p>
        )}
        <ActionArea entry={entry} onEntry={onEntry} t={t} />
        <dl className={styles.facts}>
          <Fact label={t('schedule')} testId="promo-schedule">
            {scheduleText(entry, t)}
          </Fact>
          {minDeposit && (
            <Fact label={t('min_deposit')} testId="promo-min-deposit">
              {minDeposit}
            </Fact>
          )}
          <Fact label={t('wagering')} testId="promo-wagering">
            {wageringText(entry.wagering, t)}
          </Fact>
          {entry.claimWindowHours !== null && (
            <Fact label={t('claim_window')} testId="promo-claim-window">
              {t('claim_window_hours', { count: entry.claimWindowHours })}
            </Fact>
          )}
          {entry.state === 'claim' && entry.claimDeadline !== null && (
            <Fact label={t('claim_by')} testId="promo-claim-by">
              {formatDateTime(entry.claimDeadline)}
            </Fact>
          )}
        </dl>
        <Requirements entry={entry} t={t} />
        {content.trim() !== '' && (
          <section className={styles.section} aria-labelledby={`promo-${entry.id}-terms`}>
            <h3 id={`promo-${entry.id}-terms`} className={styles.sectionTitle}>
              {t('terms')}
            </h3>
            <Terms html={content} t={t} />
          </section>
        )}
        <Link to={PROMOTIONS_PATH} className={styles.backLink} data-testid="promo-back">
          {t('back_to_list')}
        </Link>
      </div>
    </article>
  );
}

export function PromotionDetail({ idText }: { idText: string | null }) {
  const { t } = useT(NAMESPACE);
  const id = promotionIdOf(idText);
  const detail = useCall((signal) => loadPromotion(id ?? '', signal), [id], { enabled: id !== null });
  // What a join or claim answered, over the answer it was made on (a reload brings the server's own).
  const [acted, setActed] = useState<{ on: unknown; entry: PromotionEntry } | null>(null);

  if (id === null || (detail.status === 'error' && isNotFound(detail.error))) return <NotFound t={t} />;
  if (detail.status === 'error') return <LoadError title={t('detail_failed')} error={detail.error} onRetry={detail.refresh} />;
  // The page mounts this afresh for each id (promotions-page.tsx): stale data is this promotion's.
  const data = detail.status === 'success' ? detail.data : detail.status === 'loading' ? detail.staleData : undefined;
  if (!data) return <Spinner />;
  const entry = acted && acted.on === data ? acted.entry : data.promotion;
  return <DetailContent entry={entry} content={data.content} onEntry={(next) => setActed({ on: data, entry: next })} />;
}
