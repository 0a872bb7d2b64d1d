import { bus, Button, EmptyState, formatDateTime, formatMoney, isApiError, Spinner, useCall, usePagedList, useT, type CallState } from '@platform/shared';
import type { ReferralAchievements, ReferralDetails } from '@platform/contract';
import { RecordsTable, type RecordsColumn } from '@platform/shared/records';
import { CopyButton, LoadError, quietRefusalMessage } from '@platform/ui-blocks';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import {
  claimAchievement,
  loadAchievements,
  loadDetails,
  loadEstimate,
  loadIncome,
  loadInvites,
  loadOverview,
  loadRanking,
  loadRecentRewards,
  minorOf,
  type FriendRow,
} from './referral-api';
import styles from './referral.module.css';
import { NAMESPACE } from './translations';

// The QR drawing code (qrcode.react, the one the shell's app-download QR uses) is fetched when the
// code is first shown, not with the page.
const QRCodeSVG = lazy(() => import(/* webpackChunkName: "qrcode" */ 'qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

/** A call's answer, or its loading and error states with a retry. */
function Loaded<T>({ state, children }: { state: CallState<T> & { refresh: () => void }; children: (data: T) => ReactNode }) {
  const { t } = useT(NAMESPACE);
  if (state.status === 'error') return <LoadError title={t('load_failed')} error={state.error} onRetry={state.refresh} />;
  if (state.status !== 'success') {
    return (
      <div className={styles.loading} aria-busy>
        <Spinner />
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

const useDetails = () => useCall((signal) => loadDetails(signal), [], { requiresSession: true });

function friendStatus(t: (key: string) => string, status: FriendRow['status']) {
  return <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>{t(`status_${status}`)}</span>;
}

/** The share link and code (QR code, copy buttons) and the friends invited with them. */
export function InviteFriendTab() {
  const { t } = useT(NAMESPACE);
  const details = useDetails();
  const invites = usePagedList<FriendRow, Record<string, never>>(({ page, pageSize }, signal) => loadInvites({ page, size: pageSize }, signal), {
    filters: {},
    pageSize: 10,
    requiresSession: true,
  });
  const columns: RecordsColumn<FriendRow>[] = [
    { id: 'username', headerKey: 'col_username', render: (row) => row.name },
    { id: 'registerTime', headerKey: 'col_registerTime', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.registerTimeMs)}</span> },
    { id: 'inviteTime', headerKey: 'col_inviteTime', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.inviteTimeMs ?? row.registerTimeMs)}</span> },
    { id: 'status', headerKey: 'col_status', render: (row) => friendStatus(t, row.status) },
  ];
  return (
    <div className={styles.tab}>
      <Loaded state={details}>
        {(data: ReferralDetails) => (
          <section className={styles.share} aria-label={t('share_title')}>
            <div className={styles.qr} role="img" aria-label={t('qr_label')} data-testid="referral-qr" data-value={data.link}>
              <Suspense fallback={null}>
                <QRCodeSVG value={data.link} size={136} marginSize={2} />
              </Suspense>
            </div>
            <div className={styles.shareFields}>
              <h3 className={styles.heading}>{t('share_title')}</h3>
              <p className={styles.note}>{t('share_hint', { reward: formatMoney(minorOf(data.rules.invitationReward)) })}</p>
              <div className={styles.copyRow}>
                <span className={styles.label}>{t('my_link')}</span>
                <code className={styles.value} data-testid="referral-link">
                  {data.link}
                </code>
                <CopyButton variant="secondary" text={data.link} label={t('my_link')} testId="copy-link" />
              </div>
              <div className={styles.copyRow}>
                <span className={styles.label}>{t('my_code')}</span>
                <code className={styles.value} data-testid="referral-code">
                  {data.code}
                </code>
                <CopyButton variant="secondary" text={data.code} label={t('my_code')} testId="copy-code" />
              </div>
              {data.invitedBy && <p className={styles.note}>{t('invited_by', { name: data.invitedBy })}</p>}
            </div>
          </section>
        )}
      </Loaded>
      <h3 className={styles.heading}>{t('invited_title')}</h3>
      <RecordsTable records={invites} columns={columns} rowKey={(row) => row.name} label={t('invited_title')} namespace={NAMESPACE} emptyTitle={t('no_friends')} />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className={styles.figure} data-testid={testId}>
      <span className={styles.label}>{label}</span>
      <span className={styles.figureValue}>{value}</span>
    </div>
  );
}

/** Counts, today's and yesterday's income, the estimate, the ranking and the newest rewards. */
export function FriendOverviewTab() {
  const { t } = useT(NAMESPACE);
  const details = useDetails();
  const [now] = useState(() => Date.now());
  const overview = useCall((signal) => loadOverview(now, signal), [now], { requiresSession: true });
  const estimate = useCall((signal) => loadEstimate(signal), [], { requiresSession: true });
  const ranking = useCall((signal) => loadRanking(signal), [], { requiresSession: true });
  const recent = useCall((signal) => loadRecentRewards(signal), [], { requiresSession: true });
  return (
    <div className={styles.tab}>
      <Loaded state={details}>
        {(data) => (
          <div className={styles.figures}>
            <Figure label={t('count_invited')} value={data.invited} testId="count-invited" />
            <Figure label={t('count_deposited')} value={data.deposited} testId="count-deposited" />
            <Figure label={t('count_qualified')} value={data.qualified} testId="count-qualified" />
          </div>
        )}
      </Loaded>
      <Loaded state={overview}>
        {(data) => (
          <div className={styles.figures}>
            <Figure label={t('income_today')} value={formatMoney(minorOf(data.today.total))} testId="income-today" />
            <Figure label={t('income_yesterday')} value={formatMoney(minorOf(data.yesterday.total))} />
            <Figure label={t('income_total')} value={formatMoney(minorOf(data.total.total))} testId="income-total" />
          </div>
        )}
      </Loaded>
      <h3 className={styles.heading}>{t('estimate_title')}</h3>
      <Loaded state={estimate}>
        {(data) => (
          <ul className={styles.list}>
            {data.list.map((row) => (
              <li key={row.friends} className={styles.listRow}>
                <span>{t('estimate_friends', { count: row.friends })}</span>
                <span className={styles.amount}>{formatMoney(minorOf(row.total))}</span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <h3 className={styles.heading}>{t('ranking_title')}</h3>
      <Loaded state={ranking}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={t('ranking_empty')} />
          ) : (
            <ol className={styles.list}>
              {data.list.map((row) => (
                <li key={row.rank} className={styles.listRow}>
                  <span>
                    {row.rank}. {row.username} · {t('ranking_friends', { count: row.friends })}
                  </span>
                  <span className={styles.amount}>{formatMoney(minorOf(row.amount))}</span>
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
      <h3 className={styles.heading}>{t('recent_title')}</h3>
      <Loaded state={recent}>
        {(data) =>
          data.list.length === 0 ? (
            <EmptyState title={t('recent_empty')} />
          ) : (
            <ul className={styles.list}>
              {data.list.map((row, index) => (
                <li key={`${row.time}-${index}`} className={styles.listRow}>
                  <span>
                    {row.username} · {t(`source_${row.source}`)}
                  </span>
                  <span className={styles.amount}>{formatMoney(minorOf(row.amount))}</span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  );
}

/** What the member earned from friends, by source. */
export function FriendIncomeTab() {
  const { t } = useT(NAMESPACE);
  const income = useCall((signal) => loadIncome(signal), [], { requiresSession: true });
  return (
    <div className={styles.tab}>
      <Loaded state={income}>
        {(data) => (
          <>
            <div className={styles.figures}>
              <Figure label={t('income_total')} value={formatMoney(minorOf(data.total))} testId="my-income-total" />
            </div>
            <ul className={styles.list} aria-label={t('income_by_source')}>
              {(['invitation', 'depositRebate', 'betRebate', 'achievement'] as const).map((source) => (
                <li key={source} className={styles.listRow} data-testid={`income-${source}`}>
                  <span>{t(`income_${source}`)}</span>
                  <span className={styles.amount}>{formatMoney(minorOf(data[source]))}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </Loaded>
    </div>
  );
}

/** The achievements: N qualified friends → a bonus, claimed once. */
export function FriendRewardsTab() {
  const { t } = useT(NAMESPACE);
  const achievements = useCall((signal) => loadAchievements(signal), [], { requiresSession: true });
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);
  const claim = async (configId: number) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(configId);
    setNotice(null);
    try {
      const claimed = await claimAchievement(configId);
      setNotice({ kind: 'success', text: t('claimed', { amount: formatMoney(minorOf(claimed.bonus)) }) });
      bus.dispatch({ type: 'refreshBalance' });
    } catch (failure) {
      const message = isApiError(failure) ? quietRefusalMessage(failure) : null;
      setNotice({ kind: 'error', text: message ?? t('claim_failed') });
    } finally {
      achievements.refresh();
      sending.current = false;
      setBusy(null);
    }
  };
  return (
    <div className={styles.tab}>
      {notice && (
        <p className={notice.kind === 'success' ? styles.success : styles.error} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <Loaded state={achievements}>
        {(data: ReferralAchievements) => (
          <>
            <p className={styles.note}>{t('qualified_so_far', { count: data.qualified })}</p>
            {data.list.length === 0 ? (
              <EmptyState title={t('no_achievements')} />
            ) : (
              <ul className={styles.list}>
                {data.list.map((row) => (
                  <li key={row.configId} className={styles.listRow} data-testid={`achievement-${row.friends}`}>
                    <span>
                      {t('achievement_goal', { count: row.friends })} · <span className={styles.amount}>{formatMoney(minorOf(row.bonus))}</span>
                    </span>
                    {row.status === 'claimed' ? (
                      <span className={styles.status}>{t('achievement_claimed')}</span>
                    ) : (
                      <Button size="sm" disabled={row.status !== 'claimable' || busy !== null} loading={busy === row.configId} onClick={() => void claim(row.configId)}>
                        {row.status === 'claimable' ? t('claim') : t('achievement_progress', { count: data.qualified, goal: row.friends })}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}

/** The programme's rules, from the merchant's settings. */
export function ReferralRulesTab() {
  const { t } = useT(NAMESPACE);
  const details = useDetails();
  return (
    <div className={styles.tab}>
      <Loaded state={details}>
        {(data) => {
          const rules = data.rules;
          return (
            <ol className={styles.rules} data-testid="referral-rules">
              <li>{t('rule_share')}</li>
              <li>{t('rule_qualify', { deposit: formatMoney(minorOf(rules.minFirstDeposit)), stake: formatMoney(minorOf(rules.minValidStake)), reward: formatMoney(minorOf(rules.invitationReward)) })}</li>
              <li>{t('rule_deposit_rebate', { level1: rules.depositRebate.level1, level2: rules.depositRebate.level2 })}</li>
              <li>{t('rule_bet_rebate', { level1: rules.betRebate.level1, level2: rules.betRebate.level2 })}</li>
              {rules.achievements.length > 0 && <li>{t('rule_achievements', { list: rules.achievements.map((row) => `${row.friends} → ${formatMoney(minorOf(row.bonus))}`).join(', ') })}</li>}
              <li>{t('rule_abuse')}</li>
              {!data.enabled && <li>{t('rule_paused')}</li>}
            </ol>
          );
        }}
      </Loaded>
    </div>
  );
}
