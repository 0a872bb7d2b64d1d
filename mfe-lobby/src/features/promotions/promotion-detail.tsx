// /promotions/:id and /promoDetail?id=: one promotion, what it gives and asks for, its terms, and
// the one action its state allows (join, claim or sign in, apply with the application form), whose
// answer is the promotion as it now stands; a daily sign-in's streak and a day's progress.
import { bus, Button, EmptyState, formatDateTime, Link, requireRealAccount, Spinner, useCall, useT } from '@platform/shared';
import { useSanitizedHtml } from '@platform/shared/sanitize-html';
import {
  actionLabel,
  actionOf,
  audienceText,
  dailyResetText,
  joinedHint,
  LoadError,
  moneyText,
  pointsText,
  progressOf,
  promotionIdOf,
  requirementAction,
  requirementLabel,
  rewardText,
  scheduleText,
  streakOf,
  ticketsText,
  usePromotionT,
  wageringText,
  type PromotionAction,
  type PromotionT,
} from '@platform/ui-blocks';
import type { PromotionClaimed, PromotionEntry } from '@platform/contract';
import { useRef, useState, type ReactNode } from 'react';
import { ApplicationForm } from './application-form';
import { NAMESPACE, type Translate } from './translations';
import { DailyTag, PromotionImage, StateBadge, TimeLine } from './promotion-parts';
import { claimPromotion, isNotFound, joinPromotion, loadPromotion } from './promotions-api';
import { refusalText } from './refusal-text';
import styles from './promotions.module.css';

export const PROMOTIONS_PATH = '/promotions';

/** Opens a member-centre page; a visitor gets the login popup, a guest account the register notice. */
function openMemberCenter(page: 'securityCenter' | 'depositv2' | 'rewardCenter') {
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
  const words = usePromotionT();
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
                {requirementLabel(requirement, words)}
                <span className={styles.visuallyHidden}> ({isMissing ? t('requirement_missing') : t('requirement_met')})</span>
              </span>
              {isMissing && (
                <span className={styles.requirementTodo}>
                  <span>{requirementAction(requirement, words)}</span>
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

/** Sign-in streak: "Day 3 of 7" and each day's reward, today's highlighted (and the days before it this round, done). */
function StreakDays({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  const streak = streakOf(entry);
  if (!streak) return null;
  const signedToday = entry.state === 'claimed' || entry.state === 'process';
  return (
    <section className={styles.section} aria-labelledby={`promo-${entry.id}-streak`} data-testid="promo-streak">
      <h3 id={`promo-${entry.id}-streak`} className={styles.sectionTitle} data-testid="promo-streak-day">
        {t('streak_day', { day: streak.day, total: streak.length })}
      </h3>
      <ol className={styles.streak}>
        {streak.amounts.map((amount, index) => {
          const day = index + 1;
          const today = day === streak.day;
          const done = day < streak.day || (today && signedToday);
          return (
            <li
              key={day}
              className={[styles.streakDay, today ? styles.streakToday : '', done ? styles.streakDone : ''].filter(Boolean).join(' ')}
              aria-current={today ? 'date' : undefined}
              data-testid="promo-streak-amount"
              data-today={today}
            >
              <span className={styles.streakLabel}>{t('streak_day_short', { day })}</span>
              <span className={styles.streakAmount}>{amount}</span>
              {today && <span className={styles.visuallyHidden}> ({t('streak_today')})</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Today's stake or yesterday's loss against what earns the reward, as a bar and in words. */
function ProgressBar({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  const progress = progressOf(entry);
  if (!progress) return null;
  const label = entry.trigger === 'net_loss' ? t('progress_net_loss') : t('progress_bet_volume');
  const text = t('progress_of', { amount: progress.amount, target: progress.target });
  return (
    <div className={styles.progressBlock} data-testid="promo-progress">
      <div className={styles.progressHead}>
        <span>{label}</span>
        <span className={styles.progressText} data-testid="promo-progress-text">
          {text}
        </span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={text}
        data-testid="promo-progress-bar"
      >
        <span className={styles.progressFill} style={{ inlineSize: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

/** What the claim's toast says: the bonus, the tickets, or the day signed in. */
function claimedText(claimed: PromotionClaimed, t: Translate, words: PromotionT): string {
  const amount = moneyText(claimed.bonus) ?? '';
  const tickets = claimed.promotion.tickets;
  if (tickets !== null && tickets > 0 && !(claimed.bonus > 0)) return t('claim_success_tickets', { reward: ticketsText(tickets, words) });
  const points = claimed.promotion.points;
  if (points !== null && points > 0 && !(claimed.bonus > 0)) return t('claim_success_tickets', { reward: pointsText(points, words) });
  const streak = streakOf(claimed.promotion);
  if (streak) return t('sign_in_success', { day: streak.day, amount });
  return t('claim_success', { amount });
}

/** What the state asks or tells besides its button. */
function StateNote({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  const words = usePromotionT();
  const received = entry.state === 'claimed' || entry.state === 'issued' || entry.state === 'process';
  if (received && entry.tickets !== null && entry.tickets > 0) {
    // Tickets are spun in the member centre's Reward Centre.
    return (
      <p className={styles.hint} data-testid="promo-tickets-hint">
        {t('tickets_hint')}{' '}
        <Button size="sm" variant="ghost" onClick={() => openMemberCenter('rewardCenter')} data-testid="promo-reward-center">
          {t('open_reward_center')}
        </Button>
      </p>
    );
  }
  switch (entry.state) {
    case 'joined': {
      const deposits = entry.trigger === 'deposit' || entry.trigger === 'first_deposit';
      return (
        <p className={styles.hint} data-testid="promo-joined-hint">
          {joinedHint(entry, words)}{' '}
          {deposits && (
            <Button size="sm" variant="ghost" onClick={() => openMemberCenter('depositv2')} data-testid="promo-deposit">
              {t('deposit')}
            </Button>
          )}
        </p>
      );
    }
    case 'applying':
      return (
        <p className={styles.hint} data-testid="promo-applying-hint">
          {t('applying_hint')}
        </p>
      );
    case 'rejected':
      return (
        <p className={styles.rejected} data-testid="promo-reject-reason">
          {entry.rejectReason?.trim() ? t('rejected_reason', { reason: entry.rejectReason.trim() }) : t('rejected_hint')}
        </p>
      );
    case 'issued':
      return (
        <p className={styles.hint} data-testid="promo-issued-hint">
          {t('issued_hint')}
        </p>
      );
    case 'none':
      return entry.trigger === 'issued' ? (
        <p className={styles.hint} data-testid="promo-issued-hint">
          {t('issued_none_hint')}
        </p>
      ) : null;
    default:
      return null;
  }
}

/**
 * The state's button: Join, Claim (the daily sign-in's "Sign in") and Apply (opens the
 * application form) act, any other state is a disabled button saying it (none for a promotion
 * with nothing to receive). One request at a time; a refusal shows under it.
 */
function ActionArea({ entry, onEntry, onReload, t }: { entry: PromotionEntry; onEntry: (entry: PromotionEntry) => void; onReload: () => void; t: Translate }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);
  const words = usePromotionT();
  const label = actionLabel(entry, words);
  const action = actionOf(entry.state);
  const formOpen = applying && entry.state === 'apply';

  const run = async (kind: PromotionAction) => {
    if (sending.current) return;
    // A visitor gets the login popup, a guest account the register notice: nothing is sent.
    if (!requireRealAccount()) return;
    setRefusal(null);
    if (kind === 'apply') {
      setApplying(true);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      if (kind === 'join') {
        onEntry(await joinPromotion(entry.id));
      } else {
        const claimed = await claimPromotion(entry.id);
        bus.dispatch({ type: 'toast', level: 'success', message: claimedText(claimed, t, words) });
        bus.dispatch({ type: 'refreshBalance' });
        onEntry(claimed.promotion);
      }
    } catch (failure) {
      setRefusal(refusalText(failure, t, words));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div className={styles.actionArea}>
      {label && !formOpen && (
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
      )}
      {refusal && (
        <p className={styles.refusal} role="alert" data-testid="promo-refusal">
          {refusal}
        </p>
      )}
      {formOpen && <ApplicationForm entry={entry} onApplied={onEntry} onStale={onReload} onCancel={() => setApplying(false)} t={t} />}
      <StateNote entry={entry} t={t} />
    </div>
  );
}

function DetailContent({
  entry,
  content,
  onEntry,
  onReload,
}: {
  entry: PromotionEntry;
  content: string;
  onEntry: (entry: PromotionEntry) => void;
  onReload: () => void;
}) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const reward = rewardText(entry.reward, words, entry.trigger);
  const minDeposit = moneyText(entry.minDeposit);
  const bonus = moneyText(entry.bonus);
  const remaining = moneyText(entry.wagering.remaining);
  const received = entry.state === 'claim' || entry.state === 'process' || entry.state === 'claimed' || entry.state === 'issued';
  const tickets = received && entry.tickets !== null && entry.tickets > 0 ? ticketsText(entry.tickets, words) : null;
  const audience = audienceText(entry, words);
  return (
    <article className={styles.detail} data-testid="promo-detail" data-state={entry.state}>
      <PromotionImage entry={entry} className={styles.detailImage} />
      <div className={styles.detailMain}>
        <div className={styles.detailHead}>
          <h2 className={styles.detailTitle}>{entry.title}</h2>
          <StateBadge entry={entry} />
        </div>
        {reward && (
          <p className={styles.detailReward} data-testid="promo-reward">
            {reward}
          </p>
        )}
        <DailyTag entry={entry} t={t} />
        <TimeLine entry={entry} />
        {bonus && received && (
          <p className={styles.bonus} data-testid="promo-bonus">
            {t('your_bonus', { amount: bonus })}
          </p>
        )}
        {tickets && (
          <p className={styles.bonus} data-testid="promo-tickets">
            {t('your_reward', { reward: tickets })}
          </p>
        )}
        {entry.state === 'process' && remaining && (
          <p className={styles.progress} data-testid="promo-wagering-remaining">
            {t('wagering_remaining', { amount: remaining })}
          </p>
        )}
        <StreakDays entry={entry} t={t} />
        {(entry.state === 'joined' || entry.state === 'claim') && <ProgressBar entry={entry} t={t} />}
        <ActionArea entry={entry} onEntry={onEntry} onReload={onReload} t={t} />
        <dl className={styles.facts}>
          <Fact label={t('schedule')} testId="promo-schedule">
            {scheduleText(entry, words)}
          </Fact>
          {audience && (
            <Fact label={t('audience')} testId="promo-audience">
              {audience}
            </Fact>
          )}
          {entry.repeat === 'daily' && (
            <Fact label={t('repeat')} testId="promo-repeat">
              <span className={styles.factLine}>{t('repeat_daily')}</span>
              <span className={styles.factLine}>{dailyResetText(entry.trigger, words)}</span>
            </Fact>
          )}
          {minDeposit && (
            <Fact label={t('min_deposit')} testId="promo-min-deposit">
              {minDeposit}
            </Fact>
          )}
          <Fact label={t('wagering')} testId="promo-wagering">
            {wageringText(entry.wagering, words)}
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
  return <DetailContent entry={entry} content={data.content} onEntry={(next) => setActed({ on: data, entry: next })} onReload={detail.refresh} />;
}
