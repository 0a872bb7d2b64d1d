import { bus, Button, ConfirmDialog, formatDateTime, isApiError, Tabs, usePagedList, useT } from '@platform/shared';
import type { AgentDownline } from '@platform/contract';
import { TextField } from '@platform/shared/forms';
import { RecordsTable, type RecordsColumn } from '@platform/shared/records';
import { useState, type FormEvent } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { loadDownlines, promoteToAgent, setDownlineStatus, type DownlineFilters, type DownlineRow, type DownlineTab } from './downline-api';
import styles from './downline-management.module.css';
import { RemarkDialog } from './remark-dialog';
import { TransferDialog } from './transfer-dialog';
import { NAMESPACE } from './translations';

const PAGE_SIZE = 10;

/** An action that asks for a confirmation first. */
type Confirmation = { kind: 'promote' | 'block' | 'unblock'; row: DownlineRow };

/** When a time is missing (never logged in, never deposited). */
const timeOrDash = (timeMs: number | null) => (timeMs === null ? '-' : formatDateTime(timeMs));

/**
 * Team Management: the direct agents and direct players (a tab each), a username search, the
 * figures of each downline and its actions. Phones show each downline as a card.
 */
export default function DownlineManagementPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const list = usePagedList<DownlineRow, DownlineFilters>(({ filters, page, pageSize }, signal) => loadDownlines({ filters, page, size: pageSize }, signal), {
    filters: { accountType: 'agent', username: '' },
    pageSize: PAGE_SIZE,
    requiresSession: true,
  });
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const [acting, setActing] = useState(false);
  const [remarkOf, setRemarkOf] = useState<DownlineRow | null>(null);
  const [transferTo, setTransferTo] = useState<DownlineRow | null>(null);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter('username', search.trim());
  };

  const confirmAction = async () => {
    if (!confirming) return;
    const { kind, row } = confirming;
    setActing(true);
    try {
      if (kind === 'promote') await promoteToAgent(row.memberId);
      else await setDownlineStatus(row.memberId, kind === 'block' ? 'blocked' : 'active');
      const done = { promote: t('promoted', { username: row.username }), block: t('blocked', { username: row.username }), unblock: t('unblocked', { username: row.username }) };
      bus.dispatch({ type: 'toast', level: 'success', message: done[kind] });
      list.refresh();
    } catch (error) {
      // The API client has told the agent why (an ApiError); anything else is ours.
      if (!isApiError(error)) bus.dispatch({ type: 'toast', level: 'error', message: t('action_failed') });
    } finally {
      setActing(false);
      setConfirming(null);
    }
  };

  const typeLabel = (type: AgentDownline['accountType']) => (type === 'agent' ? t('type_agent') : t('type_player'));
  const methodLabel: Record<AgentDownline['registrationMethod'], string> = {
    affiliate_link: t('method_affiliate_link'),
    referral: t('method_referral'),
    agent_creation: t('method_agent_creation'),
    direct: t('method_direct'),
  };

  const columns: RecordsColumn<DownlineRow>[] = [
    { id: 'username', headerKey: 'col_username', render: (row) => <span className={styles.username}>{row.username}</span> },
    { id: 'type', headerKey: 'col_type', render: (row) => typeLabel(row.accountType) },
    { id: 'teamSize', headerKey: 'col_team_size', align: 'end', render: (row) => row.teamSize },
    { id: 'rebate', headerKey: 'col_rebate_series', align: 'end', render: (row) => row.rebateSeries ?? '-' },
    {
      id: 'online',
      headerKey: 'col_online',
      render: (row) => <span className={row.online ? styles.online : styles.offline}>{row.online ? t('online') : t('offline')}</span>,
    },
    { id: 'lastLogin', headerKey: 'col_last_login', render: (row) => timeOrDash(row.lastLoginTime) },
    { id: 'lastDeposit', headerKey: 'col_last_deposit', render: (row) => timeOrDash(row.lastDepositTime) },
    { id: 'balance', headerKey: 'col_balance', money: (row) => row.balanceMinor },
    { id: 'teamBalance', headerKey: 'col_team_balance', money: (row) => row.teamBalanceMinor },
    { id: 'registered', headerKey: 'col_registration_date', render: (row) => formatDateTime(row.registrationTime) },
    { id: 'method', headerKey: 'col_registration_method', render: (row) => methodLabel[row.registrationMethod] },
    {
      id: 'status',
      headerKey: 'col_status',
      render: (row) => <span className={row.status === 'active' ? styles.statusActive : styles.statusBlocked}>{row.status === 'active' ? t('status_active') : t('status_blocked')}</span>,
    },
    { id: 'remark', headerKey: 'col_remark', render: (row) => <span className={styles.remark}>{row.remark || '-'}</span> },
    {
      id: 'actions',
      headerKey: 'col_actions',
      render: (row) => (
        <span className={styles.actions}>
          {row.accountType === 'player' && (
            <Button variant="secondary" size="sm" onClick={() => setConfirming({ kind: 'promote', row })} data-testid={`downline-promote-${row.memberId}`}>
              {t('action_promote')}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setRemarkOf(row)} data-testid={`downline-remark-${row.memberId}`}>
            {t('action_remark')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirming({ kind: row.status === 'active' ? 'block' : 'unblock', row })}
            data-testid={`downline-status-${row.memberId}`}
          >
            {row.status === 'active' ? t('action_block') : t('action_unblock')}
          </Button>
          <Button size="sm" onClick={() => setTransferTo(row)} data-testid={`downline-transfer-${row.memberId}`}>
            {t('action_transfer')}
          </Button>
        </span>
      ),
    },
  ];

  const confirmText = confirming && {
    promote: { title: t('promote_title'), message: t('promote_message', { username: confirming.row.username }), label: t('action_promote') },
    block: { title: t('block_title'), message: t('block_message', { username: confirming.row.username }), label: t('action_block') },
    unblock: { title: t('unblock_title'), message: t('unblock_message', { username: confirming.row.username }), label: t('action_unblock') },
  }[confirming.kind];

  return (
    <div className={styles.page} data-testid="downline-management">
      <Tabs<DownlineTab>
        items={[
          { value: 'agent', label: t('tab_agent') },
          { value: 'player', label: t('tab_player') },
        ]}
        value={list.filters.accountType}
        onChange={(tab) => list.setFilter('accountType', tab)}
        label={t('tabs_label')}
      >
        <div className={styles.tabBody}>
          <form className={styles.search} role="search" onSubmit={onSearch} data-testid="downline-search">
            <div className={styles.searchField}>
              <TextField name="username" label={t('search_label')} value={search} onChange={setSearch} maxLength={64} placeholder={t('search_placeholder')} testIdPrefix="downline-search" />
            </div>
            <Button type="submit" variant="secondary" data-testid="downline-search-submit">
              {t('search')}
            </Button>
          </form>
          <RecordsTable
            records={list}
            columns={columns}
            rowKey={(row) => row.memberId}
            label={list.filters.accountType === 'agent' ? t('tab_agent') : t('tab_player')}
            namespace={NAMESPACE}
            emptyTitle={list.filters.username ? t('empty_search') : t('empty')}
          />
        </div>
      </Tabs>
      <ConfirmDialog
        open={confirming !== null}
        title={confirmText?.title}
        message={confirmText?.message ?? ''}
        confirmLabel={confirmText?.label}
        danger={confirming?.kind === 'block'}
        busy={acting}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmAction()}
        testId="downline-confirm"
      />
      <RemarkDialog
        row={remarkOf}
        onClose={() => setRemarkOf(null)}
        onSaved={() => {
          setRemarkOf(null);
          list.refresh();
        }}
      />
      {transferTo && (
        <TransferDialog
          key={transferTo.memberId}
          row={transferTo}
          onClose={() => setTransferTo(null)}
          onDone={() => {
            setTransferTo(null);
            list.refresh();
          }}
        />
      )}
    </div>
  );
}
