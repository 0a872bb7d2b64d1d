// New-player tasks (newbieTask): what the member still has to complete (a verified mobile, a bank
// card, a real name: the requirements the new-player rewards ask for, each with a button to the
// member-centre page that does it), then the new-player promotions as a checklist: each with its
// state and what to do now (Join, Deposit, Claim, the wagering still owed, or done).
import { bus, Button, EmptyState, Link, Spinner, useT } from '@platform/shared';
import {
  isTaskDone,
  LoadError,
  moneyText,
  newbiePromotions,
  PromotionCountdown,
  requirementAction,
  requirementLabel,
  requirementPage,
  requirementTasks,
  rewardText,
  usePromotionT,
} from '@platform/ui-blocks';
import type { MemberCenterPage, PromotionEntry } from '@platform/contract';
import { useId } from 'react';
import styles from './reward-center.module.css';
import { ActionNoticeLine, StateBadge } from './task-parts';
import { NAMESPACE } from './translations';
import { shownList, usePromotionActions, usePromotionList, type PromotionActions } from './use-promotions';

// The promotion's page is the lobby's: the overlay closes so that it shows.
const closeOverlay = () => bus.dispatch({ type: 'closeOverlay' });

function NewbieTask({ entry, actions, openPage }: { entry: PromotionEntry; actions: PromotionActions; openPage: (page: MemberCenterPage) => void }) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const busy = actions.busy?.promotionId === entry.id;
  const otherBusy = actions.busy !== null && !busy;
  const done = isTaskDone(entry.state);
  const offered = entry.state === 'join' || entry.state === 'joined' || entry.state === 'apply' || entry.state === 'comingSoon' ? rewardText(entry.reward, words, entry.trigger, 'task') : null;
  const bonus = entry.state === 'claim' || done ? moneyText(entry.bonus) : null;
  const remaining = entry.state === 'process' ? moneyText(entry.wagering.remaining) : null;
  const minDeposit = moneyText(entry.minDeposit);
  const depositFirst = entry.state === 'joined' && (entry.trigger === 'first_deposit' || entry.trigger === 'deposit');
  const blocked = entry.missingRequirements.length > 0;
  return (
    <li className={styles.task} data-testid="newbie-task" data-state={entry.state} data-done={done ? 'true' : undefined}>
      <span className={styles.taskMark} aria-hidden="true" data-done={done ? 'true' : undefined} />
      <div className={styles.taskBody}>
        <div className={styles.cardHead}>
          <span className={styles.cardTitle}>{entry.title}</span>
          <StateBadge entry={entry} />
        </div>
        {offered && <span className={styles.cardLine}>{offered}</span>}
        {minDeposit && (entry.state === 'join' || depositFirst) && <span className={styles.cardLine}>{t('min_deposit', { amount: minDeposit })}</span>}
        {bonus && (
          <span className={styles.cardLine} data-testid="newbie-bonus">
            {t('bonus_amount', { amount: bonus })}
          </span>
        )}
        {remaining && (
          <span className={styles.cardLine} data-testid="newbie-wagering">
            {t('wagering_remaining', { amount: remaining })}
          </span>
        )}
        {depositFirst && <span className={styles.cardLine}>{t('joined_hint')}</span>}
        {entry.state === 'claim' && entry.claimDeadline !== null && <PromotionCountdown kind="claim" target={entry.claimDeadline} className={styles.countdown} testId="reward-countdown" />}
        {entry.state === 'claim' && blocked && <span className={styles.cardLine}>{t('requirements_first')}</span>}
        <div className={styles.taskActions}>
          {entry.state === 'join' && (
            <Button size="sm" loading={busy} disabled={otherBusy} onClick={() => actions.join(entry)} data-testid="newbie-join">
              {t('action_join')}
            </Button>
          )}
          {depositFirst && (
            <Button size="sm" variant="secondary" onClick={() => openPage('depositv2')} data-testid="newbie-deposit">
              {t('action_deposit')}
            </Button>
          )}
          {entry.state === 'claim' && (
            <Button size="sm" loading={busy} disabled={otherBusy || blocked} onClick={() => actions.claim(entry)} data-testid="newbie-claim">
              {t('action_claim')}
            </Button>
          )}
          <Link to={`/promotions/${entry.id}`} className={styles.cardLink} onClick={closeOverlay} data-testid="newbie-link">
            {t('view_promotion')}
          </Link>
        </div>
        <ActionNoticeLine entry={entry} notice={actions.notice} />
      </div>
    </li>
  );
}

export function NewbieTab({ openPage }: { openPage: (page: MemberCenterPage) => void }) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const baseId = useId();
  const promotions = usePromotionList();
  const actions = usePromotionActions(promotions.refresh);
  const list = shownList(promotions);
  if (promotions.status === 'error') {
    return <LoadError title={t('promotions_failed')} error={promotions.error} onRetry={promotions.refresh} testId="newbie-error" />;
  }
  if (list === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const entries = newbiePromotions(list);
  if (entries.length === 0) return <EmptyState title={t('newbie_none')} />;
  const requirements = requirementTasks(entries);
  const headingId = `${baseId}-requirements`;
  return (
    <div className={styles.taskList} data-testid="newbie-tab" aria-busy={promotions.status === 'loading'}>
      {requirements.length > 0 && (
        <section className={styles.card} aria-labelledby={headingId}>
          <h3 id={headingId} className={styles.sectionTitle}>
            {t('requirements_title')}
          </h3>
          <ul className={styles.tasks}>
            {requirements.map(({ requirement, done }) => (
              <li key={requirement} className={styles.task} data-testid="newbie-requirement" data-requirement={requirement} data-done={done ? 'true' : undefined}>
                <span className={styles.taskMark} aria-hidden="true" data-done={done ? 'true' : undefined} />
                <div className={styles.taskBody}>
                  <div className={styles.cardHead}>
                    <span className={styles.cardTitle}>{done ? requirementLabel(requirement, words, 'task') : requirementAction(requirement, words, 'task')}</span>
                    {done ? (
                      <span className={styles.badge} data-state="claimed">
                        {t('requirement_done')}
                      </span>
                    ) : (
                      <Button size="sm" variant="secondary" onClick={() => openPage(requirementPage(requirement))} data-testid="newbie-requirement-go">
                        {requirementPage(requirement) === 'withdraw' ? t('go_withdraw') : t('go_account')}
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={styles.hint}>{t('newbie_intro')}</p>
      <ol className={styles.tasks} aria-label={t('tab_newbie')}>
        {entries.map((entry) => (
          <NewbieTask key={entry.id} entry={entry} actions={actions} openPage={openPage} />
        ))}
      </ol>
    </div>
  );
}
