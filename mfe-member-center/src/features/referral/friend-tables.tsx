import { formatDateTime, formatMoney, useCall, usePagedList, useT, type AmountMinor, type CallState, type PagedList } from '@platform/shared';
import type { ReferralAchievements } from '@platform/contract';
import { RecordsTable, type RecordsColumn } from '@platform/shared/records';
import { useId, useState } from 'react';
import {
  FRIEND_STATES,
  loadAchievements,
  loadBetRebates,
  loadDepositRebates,
  loadFriends,
  loadInvitationRecords,
  minorOf,
  type BetRebateRecord,
  type DepositRebateRecord,
  type FriendFilter,
  type FriendRow,
  type InvitationRecord,
} from './referral-api';
import styles from './referral.module.css';
import { NAMESPACE } from './translations';

const time = (ms: number | null | undefined) => <span className={styles.nowrap}>{ms === null || ms === undefined ? '-' : formatDateTime(ms)}</span>;

/** The friends who registered with the member's code, a state or all, newest first. */
export function FriendListTab() {
  const { t } = useT(NAMESPACE);
  const filterId = useId();
  const friends = usePagedList<FriendRow, { status: FriendFilter }>(({ page, pageSize, filters }, signal) => loadFriends({ status: filters.status, page, size: pageSize }, signal), {
    filters: { status: 'all' },
    pageSize: 10,
    requiresSession: true,
  });
  const columns: RecordsColumn<FriendRow>[] = [
    { id: 'registerTime', headerKey: 'col_registerTime', render: (row) => time(row.registerTimeMs) },
    { id: 'inviteeName', headerKey: 'col_inviteeName', render: (row) => <span data-testid="friend-name">{row.name}</span> },
    { id: 'firstDepositTime', headerKey: 'col_firstDepositTime', render: (row) => time(row.firstDepositTimeMs) },
    {
      id: 'status',
      headerKey: 'col_status',
      render: (row) => (
        <span className={`${styles.status} ${styles[`status_${row.status}`] ?? ''}`} data-testid="friend-status">
          {t(`status_${row.status}`)}
        </span>
      ),
    },
    { id: 'reward', headerKey: 'col_reward', render: (row) => (row.rewardMinor === null ? '-' : <span data-testid="friend-reward">{formatMoney(row.rewardMinor)}</span>) },
  ];
  const filters = (
    <div className={styles.field}>
      <label htmlFor={filterId} className={styles.label}>
        {t('filter_status')}
      </label>
      <select id={filterId} className={styles.select} value={friends.filters.status} onChange={(event) => friends.setFilter('status', event.target.value as FriendFilter)}>
        <option value="all">{t('status_all')}</option>
        {FRIEND_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`status_${state}`)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className={styles.tab}>
      <RecordsTable records={friends} columns={columns} rowKey={(row) => row.name} label={t('tab_friendList')} namespace={NAMESPACE} filters={filters} emptyTitle={t('no_friends')} />
    </div>
  );
}

const RECORD_KINDS = ['invitation', 'achievement', 'depositRebate', 'betRebate'] as const;
type RecordKind = (typeof RECORD_KINDS)[number];

function InvitationRecords() {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<InvitationRecord, Record<string, never>, { bonusMinor: AmountMinor }>(
    ({ page, pageSize }, signal) => loadInvitationRecords({ page, size: pageSize }, signal),
    { filters: {}, pageSize: 10, requiresSession: true },
  );
  const columns: RecordsColumn<InvitationRecord, { bonusMinor: AmountMinor }>[] = [
    { id: 'registerTime', headerKey: 'col_registerTime', render: (row) => time(row.registerTimeMs) },
    { id: 'referredName', headerKey: 'col_referredName', render: (row) => row.referredName },
    { id: 'bonus', headerKey: 'col_bonus', money: (row) => row.bonusMinor, total: (footer) => footer.bonusMinor },
  ];
  return <RecordsTable records={records} columns={columns} rowKey={(row) => row.referredName} label={t('records_invitation')} namespace={NAMESPACE} />;
}

function AchievementRecords() {
  const { t } = useT(NAMESPACE);
  const achievements = useCall((signal) => loadAchievements(signal), [], { requiresSession: true });
  type Row = ReferralAchievements['records'][number];
  const rows: Row[] = achievements.status === 'success' ? achievements.data.records : [];
  // The claims come with the achievements (one short list): a table of one page.
  const state: CallState<PagedList<Row>> =
    achievements.status === 'success'
      ? { status: 'success', data: { list: rows, totalPages: rows.length > 0 ? 1 : 0 }, error: undefined }
      : achievements.status === 'error'
        ? { status: 'error', data: undefined, error: achievements.error }
        : { status: 'loading', data: undefined, error: undefined, staleData: undefined };
  const records = { ...state, refresh: achievements.refresh, page: 1, setPage: () => undefined };
  const columns: RecordsColumn<Row>[] = [
    { id: 'requestTime', headerKey: 'col_requestTime', render: (row) => time(row.requestTime) },
    { id: 'goal', headerKey: 'col_goal', render: (row) => t('achievement_goal', { count: row.friends }) },
    { id: 'bonus', headerKey: 'col_bonus', money: (row) => minorOf(row.bonus) },
  ];
  return <RecordsTable records={records} columns={columns} rowKey={(row) => `${row.requestTime}-${row.friends}`} label={t('records_achievement')} namespace={NAMESPACE} />;
}

function DepositRebateRecords() {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<DepositRebateRecord, Record<string, never>, { bonusMinor: AmountMinor }>(
    ({ page, pageSize }, signal) => loadDepositRebates({ page, size: pageSize }, signal),
    { filters: {}, pageSize: 10, requiresSession: true },
  );
  const columns: RecordsColumn<DepositRebateRecord, { bonusMinor: AmountMinor }>[] = [
    { id: 'requestTime', headerKey: 'col_day', render: (row) => row.day },
    { id: 'referredName', headerKey: 'col_referredName', render: (row) => row.referredName },
    { id: 'level', headerKey: 'col_level', render: (row) => t('level', { level: row.level }) },
    { id: 'depositAmount', headerKey: 'col_depositAmount', money: (row) => row.depositMinor },
    { id: 'depositBonusRate', headerKey: 'col_rate', render: (row) => `${row.rate}%` },
    { id: 'bonus', headerKey: 'col_bonus', money: (row) => row.bonusMinor, total: (footer) => footer.bonusMinor },
    { id: 'claimDate', headerKey: 'col_claimDate', render: (row) => time(row.claimTimeMs) },
  ];
  return (
    <RecordsTable records={records} columns={columns} rowKey={(row) => `${row.day}-${row.referredName}-${row.level}`} label={t('records_depositRebate')} namespace={NAMESPACE} />
  );
}

function BetRebateRecords() {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<BetRebateRecord, Record<string, never>, { amountMinor: AmountMinor }>(
    ({ page, pageSize }, signal) => loadBetRebates({ page, size: pageSize }, signal),
    { filters: {}, pageSize: 10, requiresSession: true },
  );
  const columns: RecordsColumn<BetRebateRecord, { amountMinor: AmountMinor }>[] = [
    { id: 'createTime', headerKey: 'col_claimDate', render: (row) => time(row.timeMs) },
    { id: 'day', headerKey: 'col_day', render: (row) => row.day },
    { id: 'referredName', headerKey: 'col_referredName', render: (row) => row.referredName },
    { id: 'gameCategory', headerKey: 'col_gameCategory', render: (row) => row.gameCategory },
    { id: 'levelTree', headerKey: 'col_level', render: (row) => t('level', { level: row.level }) },
    { id: 'validGameBetting', headerKey: 'col_validGameBetting', money: (row) => row.stakeMinor },
    { id: 'rate', headerKey: 'col_rate', render: (row) => `${row.rate}%` },
    { id: 'amount', headerKey: 'col_bonus', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  ];
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => `${row.day}-${row.referredName}-${row.gameCategory}-${row.level}`}
      label={t('records_betRebate')}
      namespace={NAMESPACE}
    />
  );
}

/** The records: invitation rewards, achievement bonuses, deposit rebates, betting rebates. */
export function FriendRecordsTab() {
  const { t } = useT(NAMESPACE);
  const kindId = useId();
  const [kind, setKind] = useState<RecordKind>('invitation');
  return (
    <div className={styles.tab}>
      <div className={styles.field}>
        <label htmlFor={kindId} className={styles.label}>
          {t('records_kind')}
        </label>
        <select id={kindId} className={styles.select} value={kind} onChange={(event) => setKind(event.target.value as RecordKind)}>
          {RECORD_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`records_${value}`)}
            </option>
          ))}
        </select>
      </div>
      {kind === 'invitation' && <InvitationRecords />}
      {kind === 'achievement' && <AchievementRecords />}
      {kind === 'depositRebate' && <DepositRebateRecords />}
      {kind === 'betRebate' && <BetRebateRecords />}
    </div>
  );
}
