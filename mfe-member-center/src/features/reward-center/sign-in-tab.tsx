// Daily sign-in (signInTask): for each sign-in promotion, the streak's calendar (day 1 … N with
// what each pays; the days of this round already signed in, today's, those to come), today's Sign
// in (or "Signed in today"), and the rule that a missed day starts the streak over. Signing in is
// claiming the promotion: the server pays today's day of the streak once, whatever is pressed.
import { Button, EmptyState, Spinner, useT } from '@platform/shared';
import { LoadError, moneyText, signInCalendar, signInPromotions, stateLabel, usePromotionT } from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';
import { ActionNoticeLine } from './task-parts';
import { shownList, usePromotionActions, usePromotionList, type PromotionActions } from './use-promotions';

function SignInCard({ entry, actions }: { entry: PromotionEntry; actions: PromotionActions }) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const calendar = signInCalendar(entry);
  const busy = actions.busy?.promotionId === entry.id;
  return (
    <section className={styles.card} data-testid="sign-in" data-state={entry.state} aria-labelledby={`sign-in-${entry.id}`}>
      <div className={styles.cardHead}>
        <h3 id={`sign-in-${entry.id}`} className={styles.cardTitle}>
          {entry.title}
        </h3>
        {calendar.todayDay !== null && (
          <span className={styles.badge} data-state={calendar.today === 'signed_in' ? 'claimed' : 'claim'} data-testid="sign-in-streak">
            {t('signin_streak_day', { day: entry.streakDay ?? calendar.todayDay })}
          </span>
        )}
      </div>
      <ol className={styles.calendar} aria-label={t('signin_calendar')}>
        {calendar.days.map((day) => (
          <li key={day.day} className={styles.calendarDay} data-status={day.status} data-testid="sign-in-day" aria-current={day.status === 'today' ? 'date' : undefined}>
            <span className={styles.calendarLabel}>{t('signin_day', { day: day.day })}</span>
            <span className={styles.calendarAmount}>{moneyText(day.amount)}</span>
            <span className={styles.calendarStatus}>
              {day.status === 'done'
                ? t('signin_status_done')
                : day.status === 'today'
                  ? calendar.today === 'signed_in'
                    ? t('signin_status_done')
                    : t('signin_status_today')
                  : t('signin_status_upcoming')}
            </span>
          </li>
        ))}
      </ol>
      <p className={styles.hint}>{t('signin_rule', { days: calendar.days.length })}</p>
      {calendar.today === 'sign_in' && (
        <Button size="lg" block loading={busy} disabled={actions.busy !== null && !busy} onClick={() => actions.claim(entry)} data-testid="sign-in-button">
          {t('signin_button')}
        </Button>
      )}
      {calendar.today === 'signed_in' && (
        <p className={styles.done} data-testid="sign-in-done">
          {t('signin_done_today')}
        </p>
      )}
      {calendar.today === 'not_open' && (
        <p className={styles.hint} data-testid="sign-in-closed">
          {entry.state === 'comingSoon' ? stateLabel('comingSoon', words, 'task') : t('signin_not_open')}
        </p>
      )}
      <ActionNoticeLine entry={entry} notice={actions.notice} />
    </section>
  );
}

export function SignInTab() {
  const { t } = useT(NAMESPACE);
  const promotions = usePromotionList();
  const actions = usePromotionActions(promotions.refresh);
  const list = shownList(promotions);
  if (promotions.status === 'error') {
    return <LoadError title={t('promotions_failed')} error={promotions.error} onRetry={promotions.refresh} testId="sign-in-error" />;
  }
  if (list === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const entries = signInPromotions(list);
  if (entries.length === 0) return <EmptyState title={t('signin_none')} />;
  return (
    <div className={styles.taskList} data-testid="sign-in-tab" aria-busy={promotions.status === 'loading'}>
      {entries.map((entry) => (
        <SignInCard key={entry.id} entry={entry} actions={actions} />
      ))}
    </div>
  );
}
