import { bus, Button, EmptyState, formatMoney, isApiError, Spinner, Tabs, useCall, useT } from '@platform/shared';
import type { MissionMilestone, MissionSummary, MissionSummaryDetails } from '@platform/contract';
import { LoadError, quietRefusalMessage, useTimeLeftWhileSeen } from '@platform/ui-blocks';
import { useId, useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { claimMilestone, loadLeaderboard, loadMilestones, loadMissions, loadRules, minorOf } from './mission-api';
import { missionsChanged } from './mission-events';
import { percentOf, progressText, rewardText, timeLeftText, type Translate } from './mission-model';
import styles from './missions.module.css';
import { NAMESPACE } from './translations';

type Tab = 'leaderboard' | 'milestone' | 'missionBoardRule';

/** What the last claim did: the reward paid, or why it was refused (the server's words). */
type Notice = { milestoneId: number; kind: 'success' | 'error'; text: string };

/** The time left until `endMs`, read again each second while it can be seen. */
function Countdown({ endMs, t }: { endMs: number; t: Translate }) {
  const ref = useRef<HTMLSpanElement>(null);
  const left = timeLeftText(useTimeLeftWhileSeen(endMs, ref), t);
  return (
    <span ref={ref} className={styles.countdown} data-testid="mission-countdown">
      {left === null ? t('ended') : t('ends_in', { time: left })}
    </span>
  );
}

function MilestoneRow({ milestone, t, busy, onClaim, notice }: { milestone: MissionMilestone; t: Translate; busy: boolean; onClaim: () => void; notice: Notice | null }) {
  const labelId = useId();
  const percent = percentOf(milestone);
  return (
    <li className={styles.milestone} data-testid={`milestone-${milestone.kind}`}>
      <div className={styles.milestoneHead}>
        <span id={labelId} className={styles.milestoneTitle}>
          {t(`kind_${milestone.kind}`)}
        </span>
        <span className={styles.reward}>{rewardText(milestone, t)}</span>
      </div>
      <div className={styles.bar} role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={progressText(milestone, t)}>
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.milestoneFoot}>
        <span className={styles.progress} data-testid="milestone-progress">
          {progressText(milestone, t)}
        </span>
        {milestone.state === 'claimed' ? (
          <span className={styles.claimed}>{t('state_claimed')}</span>
        ) : milestone.state === 'expired' ? (
          <span className={styles.muted}>{t('state_expired')}</span>
        ) : (
          <Button size="sm" disabled={milestone.state !== 'claimable' || busy} loading={busy} onClick={onClaim}>
            {t('claim')}
          </Button>
        )}
      </div>
      {notice && (
        <p className={notice.kind === 'success' ? styles.success : styles.error} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </li>
  );
}

function MilestonesTab({ mission, t, onChanged }: { mission: MissionSummary; t: Translate; onChanged: () => void }) {
  const milestones = useCall((signal) => loadMilestones(mission.missionId, signal), [mission.missionId], { requiresSession: true });
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);

  if (milestones.status === 'error') return <LoadError title={t('load_failed')} error={milestones.error} onRetry={milestones.refresh} />;
  const shown = milestones.status === 'success' ? milestones.data : milestones.status === 'loading' ? milestones.staleData : undefined;
  if (!shown) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }

  const claim = async (milestone: MissionMilestone) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(milestone.milestoneId);
    setNotice(null);
    let paid = false;
    try {
      const claimed = await claimMilestone(mission.missionId, milestone.milestoneId);
      paid = claimed.paid > 0;
      const text = claimed.tickets > 0 ? t('claimed_tickets', { count: claimed.tickets }) : t('claimed_money', { amount: formatMoney(minorOf(claimed.paid)) });
      setNotice({ milestoneId: milestone.milestoneId, kind: 'success', text });
    } catch (failure) {
      const message = isApiError(failure) ? quietRefusalMessage(failure) : null;
      if (!isApiError(failure) || message !== null) setNotice({ milestoneId: milestone.milestoneId, kind: 'error', text: message ?? t('claim_failed') });
    } finally {
      if (paid) bus.dispatch({ type: 'refreshBalance' });
      milestones.refresh();
      onChanged();
      missionsChanged();
      sending.current = false;
      setBusy(null);
    }
  };

  if (shown.list.length === 0) return <EmptyState title={t('no_milestones')} />;
  return (
    <ul className={styles.milestones} aria-label={t('milestones_label')}>
      {shown.list.map((milestone) => (
        <MilestoneRow
          key={milestone.milestoneId}
          milestone={milestone}
          t={t}
          busy={busy === milestone.milestoneId}
          notice={notice?.milestoneId === milestone.milestoneId ? notice : null}
          onClaim={() => void claim(milestone)}
        />
      ))}
    </ul>
  );
}

function LeaderboardTab({ mission, t }: { mission: MissionSummary; t: Translate }) {
  const board = useCall((signal) => loadLeaderboard(mission.missionId, signal), [mission.missionId], { requiresSession: true, enabled: mission.metric !== null });
  if (mission.metric === null) return <EmptyState title={t('no_leaderboard')} />;
  if (board.status === 'error') return <LoadError title={t('load_failed')} error={board.error} onRetry={board.refresh} />;
  if (board.status !== 'success') {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const { data } = board;
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(minorOf(amount)));
  return (
    <div className={styles.board}>
      <p className={styles.me} data-testid="leaderboard-me">
        {data.me.rank === null ? t('me_unranked') : t('me_rank', { rank: data.me.rank, score: money(data.me.score) })}
        {data.me.prize !== null && ` · ${t('me_prize', { amount: money(data.me.prize) })}`}
      </p>
      <p className={styles.muted}>{data.paid ? t('prizes_paid') : t('prizes_at_end', { metric: t(`kind_${data.metric}`) })}</p>
      {data.list.length === 0 ? (
        <EmptyState title={t('no_ranks')} />
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('col_rank')}</th>
              <th scope="col">{t('col_player')}</th>
              <th scope="col">{t('col_score')}</th>
              <th scope="col">{t('col_prize')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((row) => (
              <tr key={row.rank} className={data.me.rank === row.rank ? styles.mine : undefined}>
                <td>{row.rank}</td>
                <td className={styles.name}>{row.username}</td>
                <td>{money(row.score)}</td>
                <td>{money(row.prize)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function RulesTab({ mission, t }: { mission: MissionSummary; t: Translate }) {
  const rules = useCall((signal) => loadRules(mission.missionId, signal), [mission.missionId], { requiresSession: true });
  if (rules.status === 'error') return <LoadError title={t('load_failed')} error={rules.error} onRetry={rules.refresh} />;
  if (rules.status !== 'success') {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const when = (ms: number) => new Date(ms).toLocaleString();
  return (
    <div className={styles.rules}>
      <dl className={styles.facts}>
        <dt>{t('rule_period')}</dt>
        <dd>
          {when(mission.startTime)} – {when(mission.endTime)}
        </dd>
        <dt>{t('rule_claim_until')}</dt>
        <dd>{t('rule_claim_grace', { hours: rules.data.claimGraceHours, time: when(mission.claimEndTime) })}</dd>
      </dl>
      {rules.data.rules && <p className={styles.rulesText}>{rules.data.rules}</p>}
      <ul className={styles.ruleList}>
        <li>{t('rule_settled')}</li>
        <li>{t('rule_once')}</li>
        <li>{t('rule_tie')}</li>
      </ul>
    </div>
  );
}

/**
 * Mission Activity (missionLeaderboard): the member's missions (running first; a picker when there
 * are several), the chosen one's countdown to its end, and three tabs: its leaderboard with the
 * member's own rank, its milestones with a progress bar and a Claim button each (claimed once; the
 * server refuses one not reached, in its own words), and its rules. After a claim the milestones,
 * the balance and the menu's badge are read again.
 */
export default function MissionsPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const pickerId = useId();
  const missions = useCall((signal) => loadMissions(signal), [], { requiresSession: true });
  const [picked, setPicked] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('milestone');
  const lastMissions = useRef<MissionSummaryDetails | undefined>(undefined);

  if (missions.status === 'error') {
    return (
      <div className={styles.page} data-testid="missions">
        <LoadError title={t('load_failed')} error={missions.error} onRetry={missions.refresh} />
      </div>
    );
  }
  // Read again after a claim: the last answer stays shown meanwhile, so the tab (and what the
  // claim said) is not replaced by a spinner.
  const fresh = missions.status === 'success' ? missions.data : missions.status === 'loading' ? missions.staleData : undefined;
  if (fresh) lastMissions.current = fresh;
  const data = fresh ?? lastMissions.current;
  if (!data) {
    return (
      <div className={styles.page} data-testid="missions" aria-busy>
        <div className={styles.loading}>
          <Spinner />
        </div>
      </div>
    );
  }
  if (data.list.length === 0) {
    return (
      <div className={styles.page} data-testid="missions">
        <EmptyState title={t('no_missions')} />
      </div>
    );
  }
  const mission = data.list.find((row) => row.missionId === picked) ?? data.list[0];
  return (
    <div className={styles.page} data-testid="missions">
      {data.list.length > 1 && (
        <div className={styles.field}>
          <label htmlFor={pickerId} className={styles.label}>
            {t('mission')}
          </label>
          <select id={pickerId} className={styles.select} value={mission.missionId} onChange={(event) => setPicked(Number(event.target.value))}>
            {data.list.map((row) => (
              <option key={row.missionId} value={row.missionId}>
                {row.title}
                {row.open ? '' : ` (${t(`status_${row.status}`)})`}
              </option>
            ))}
          </select>
        </div>
      )}
      <section className={styles.header} aria-labelledby={`${pickerId}-title`}>
        <h3 id={`${pickerId}-title`} className={styles.title} data-testid="mission-title">
          {mission.title}
        </h3>
        {mission.description && <p className={styles.muted}>{mission.description}</p>}
        <p className={styles.status}>
          <span className={styles.pill}>{t(`status_${mission.status}`)}</span>
          {mission.status === 'upcoming' ? (
            <span className={styles.countdown}>{t('starts_at', { time: new Date(mission.startTime).toLocaleString() })}</span>
          ) : (
            <Countdown endMs={mission.endTime} t={t} />
          )}
        </p>
      </section>
      <Tabs<Tab>
        label={t('tabs_label')}
        value={tab}
        onChange={setTab}
        className={styles.tabs}
        items={[
          { value: 'leaderboard', label: t('tab_leaderboard') },
          { value: 'milestone', label: t('tab_milestone') },
          { value: 'missionBoardRule', label: t('tab_rules') },
        ]}
      >
        {tab === 'leaderboard' && <LeaderboardTab key={mission.missionId} mission={mission} t={t} />}
        {tab === 'milestone' && <MilestonesTab key={mission.missionId} mission={mission} t={t} onChanged={missions.refresh} />}
        {tab === 'missionBoardRule' && <RulesTab key={mission.missionId} mission={mission} t={t} />}
      </Tabs>
    </div>
  );
}
