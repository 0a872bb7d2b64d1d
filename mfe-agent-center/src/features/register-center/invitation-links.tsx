import { bus, Button, ConfirmDialog, formatDateTime, isApiError, usePagedList, useT } from '@platform/shared';
import type { AgentLink } from '@platform/contract';
import { RecordsTable, type RecordsColumn } from '@platform/shared/records';
import { CopyButton } from '@platform/ui-blocks';
import { useState } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { LinkForm } from './link-form';
import { deleteLink, invitationUrl, loadLinks, loadRegisteredAffiliates, type RegisteredAffiliate } from './register-api';
import { rebateLabel, type RebateRange } from './rebate-options';
import styles from './register-center.module.css';
import { NAMESPACE } from './translations';

const AFFILIATES_PAGE_SIZE = 10;

/** Invitation links: the form for a new one, the agent's links (copy, delete) and who registered through them. */
export function InvitationLinks({ range }: { range: RebateRange }) {
  const { t } = useT(NAMESPACE);
  const links = usePagedList<AgentLink, null>((_query, signal) => loadLinks(signal), { filters: null, requiresSession: true });
  const affiliates = usePagedList<RegisteredAffiliate, null>(({ page, pageSize }, signal) => loadRegisteredAffiliates(page, pageSize, signal), {
    filters: null,
    pageSize: AFFILIATES_PAGE_SIZE,
    requiresSession: true,
  });
  const [deleting, setDeleting] = useState<AgentLink | null>(null);
  const [busy, setBusy] = useState(false);
  const typeLabel = (type: AgentLink['accountType']) => (type === 'agent' ? t('type_agent') : t('type_player'));

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteLink(deleting.affiUrlId);
      bus.dispatch({ type: 'toast', level: 'success', message: t('link_deleted') });
    } catch (error) {
      // The API client has said why; a link already gone is gone from the list too.
      if (!isApiError(error)) bus.dispatch({ type: 'toast', level: 'error', message: t('link_delete_failed') });
    } finally {
      setBusy(false);
      setDeleting(null);
      links.refresh();
    }
  };

  const linkColumns: RecordsColumn<AgentLink>[] = [
    {
      id: 'link',
      headerKey: 'col_link',
      render: (link) => (
        <span className={styles.linkCell}>
          <span className={styles.url} data-testid="link-url">
            {invitationUrl(link.code)}
          </span>
          <CopyButton text={invitationUrl(link.code)} label={t('col_link')} testId={`link-copy-${link.affiUrlId}`} />
        </span>
      ),
    },
    { id: 'code', headerKey: 'col_code', render: (link) => link.code },
    { id: 'type', headerKey: 'col_type', render: (link) => typeLabel(link.accountType) },
    { id: 'rebate', headerKey: 'col_rebate', render: (link) => rebateLabel(link.rebateSeries, range.maxSeries) },
    { id: 'channel', headerKey: 'col_channel', render: (link) => link.channel || '-' },
    { id: 'registrations', headerKey: 'col_registrations', align: 'end', render: (link) => link.registrations },
    { id: 'created', headerKey: 'col_created', render: (link) => formatDateTime(link.createdTime) },
    { id: 'expiry', headerKey: 'col_expiry', render: (link) => (link.expiryTime === null ? t('expiry_never') : formatDateTime(link.expiryTime)) },
    {
      id: 'status',
      headerKey: 'col_status',
      render: (link) => <span className={link.status === 'normal' ? styles.statusNormal : styles.statusExpired}>{link.status === 'normal' ? t('status_normal') : t('status_expired')}</span>,
    },
    {
      id: 'actions',
      headerKey: 'col_actions',
      render: (link) => (
        <Button variant="ghost" size="sm" onClick={() => setDeleting(link)} data-testid={`link-delete-${link.affiUrlId}`}>
          {t('delete')}
        </Button>
      ),
    },
  ];

  const affiliateColumns: RecordsColumn<RegisteredAffiliate>[] = [
    { id: 'username', headerKey: 'col_username', render: (row) => row.username },
    { id: 'type', headerKey: 'col_type', render: (row) => typeLabel(row.accountType) },
    { id: 'registered', headerKey: 'col_registration_date', render: (row) => formatDateTime(row.registrationTime) },
    { id: 'code', headerKey: 'col_code', render: (row) => row.code },
  ];

  return (
    <div className={layout.section}>
      <LinkForm range={range} onCreated={links.refresh} />
      <section className={layout.section} aria-labelledby="links-title">
        <h3 id="links-title" className={layout.heading}>
          {t('links_title')}
        </h3>
        <RecordsTable records={links} columns={linkColumns} rowKey={(link) => link.affiUrlId} label={t('links_title')} namespace={NAMESPACE} emptyTitle={t('links_empty')} />
      </section>
      <section className={layout.section} aria-labelledby="affiliates-title">
        <h3 id="affiliates-title" className={layout.heading}>
          {t('affiliates_title')}
        </h3>
        <RecordsTable
          records={affiliates}
          columns={affiliateColumns}
          rowKey={(row) => row.memberId}
          label={t('affiliates_title')}
          namespace={NAMESPACE}
          emptyTitle={t('affiliates_empty')}
        />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete_title')}
        message={deleting ? t('delete_message', { code: deleting.code }) : ''}
        confirmLabel={t('delete')}
        danger
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId="link-delete-confirm"
      />
    </div>
  );
}
