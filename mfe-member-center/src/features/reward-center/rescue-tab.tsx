// Rescue (rescueTask): the daily rewards measured from the member's play. A rescue (net_loss) gives
// back a share of yesterday's loss once it reached the minimum: yesterday's loss against that
// minimum, then the bonus to claim before the day ends (a countdown), or nothing to claim today.
// A day's bets (bet_volume) pay once today's stake reaches the target: a progress bar of today's
// stake, then the reward to claim today.
import { amountMinorOf, Button, EmptyState, formatMoney, Spinner, useT } from '@platform/shared';
import {
  betVolumePromotions,
  dayProgress,
  isTaskDone,
  LoadError,
  moneyText,
  PromotionCountdown,
  rescuePromotions,
  rewardText,
  stateLabel,
  usePromotionT,
} from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import { useId } from 'react';
import styles from './reward-center.module.css';
import { ActionNoticeLine, ProgressBar, StateBadge } from './task-parts';
import { NAMESPACE } from './translations';
import { shownList, usePromotionActions, usePromotionList, type PromotionActions } from './use-promotions';

const money = (minor: number) => formatMoney(amountMinorOf(minor));

function DailyCard({ entry, actions, kind }: { entry: PromotionEntry; actions: PromotionActions; kind: 'loss' | 'bets' }) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const progress = dayProgress(entry);
  const busy = actions.busy?.promotionId === entry.id;
  const paid = isTaskDone(entry.state);
  const bonus = moneyText(entry.bonus);
  const offered = rewardText(entry.reward, words, entry.trigger, 'task');
  const measured =
    progress &&
    (kind === 'loss'
      ? t('rescue_loss', { amount: money(progress.amountMinor), target: money(progress.targetMinor) })
      : t('bets_staked', { amount: money(progress.amountMinor), target: money(progress.targetMinor) }));
  return (
    <li className={styles.card} data-testid={kind === 'loss' ? 'rescue' : 'bet-volume'} data-state={entry.state}>
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>{entry.title}</span>
        <StateBadge entry={entry} />
      </div>
      {offered && <span className={styles.cardLine}>{offered}</span>}
      {progress && measured && (
        <div className={styles.field}>
          <span className={styles.progressText} data-testid="task-progress">
            {measured}
          </span>
          <ProgressBar percent={progress.percent} label={measured} testId="task-progress-bar" />
        </div>
      )}
      {entry.state === 'claim' && (
        <>
          {bonus && (
            <span className={styles.bonusLine} data-testid="task-bonus">
              {t('bonus_amount', { amount: bonus })}
            </span>
          )}
          {entry.claimDeadline !== null && <PromotionCountdown kind="claim" target={entry.claimDeadline} className={styles.countdown} testId="reward-countdown" />}
          <Button size="lg" block loading={busy} disabled={actions.busy !== null && !busy} onClick={() => actions.claim(entry)} data-testid="task-claim">
            {t('action_claim')}
          </Button>
        </>
      )}
      {paid && (
        <p className={styles.done} data-testid="task-claimed">
          {bonus ? t('claimed_today', { amount: bonus }) : t('claimed_today_plain')}
        </p>
      )}
      {entry.state === 'joined' && (
        <p className={styles.notice} data-testid="task-nothing">
          {kind === 'loss'
            ? t('rescue_nothing')
            : progress && !progress.reached
              ? t('bets_to_go', { amount: money(progress.missingMinor) })
              : t('rescue_nothing')}
        </p>
      )}
      {entry.state === 'close' && <p className={styles.hint}>{stateLabel('close', words, 'task')}</p>}
      <ActionNoticeLine entry={entry} notice={actions.notice} />
    </li>
  );
}

function Section({ title, entries, actions, kind }: { title: string; entries: PromotionEntry[]; actions: PromotionActions; kind: 'loss' | 'bets' }) {
  const id = useId();
  if (entries.length === 0) return null;
  return (
    <section className={styles.taskSection} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      <ul className={styles.cards}>
        {entries.map((entry) => (
          <DailyCard key={entry.id} entry={entry} actions={actions} kind={kind} />
        ))}
      </ul>
    </section>
  );
}

export function RescueTab() {
  const { t } = useT(NAMESPACE);
  const promotions = usePromotionList();
  const actions = usePromotionActions(promotions.refresh);
  const list = shownList(promotions);
  if (promotions.status === 'error') {
    return <LoadError title={t('promotions_failed')} error={promotions.error} onRetry={promotions.refresh} testId="rescue-error" />;
  }
  if (list === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const rescues = rescuePromotions(list);
  const bets = betVolumePromotions(list);
  if (rescues.length === 0 && bets.length === 0) return <EmptyState title={t('rescue_none')} />;
  return (
    <div className={styles.taskList} data-testid="rescue-tab" aria-busy={promotions.status === 'loading'}>
      <Section title={t('rescue_section_loss')} entries={rescues} actions={actions} kind="loss" />
      <Section title={t('rescue_section_bets')} entries={bets} actions={actions} kind="bets" />
    </div>
  );
}
