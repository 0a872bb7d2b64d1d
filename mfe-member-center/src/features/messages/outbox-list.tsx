import { api, bus, usePagedList, useT } from '@platform/shared';
import { deleteOutboxMailCall, outboxMailsCall, type OutboxMail } from '@platform/contract';
import { useState } from 'react';
import { MailDialog } from './mail-dialog';
import { MailList } from './mail-list';
import { NAMESPACE } from './translations';

/** The outbox: what the member wrote to customer service (new mails and replies). */
export function OutboxList() {
  const { t } = useT(NAMESPACE);
  const list = usePagedList<OutboxMail, null>(
    ({ page, pageSize }, signal) => api.call(outboxMailsCall, { params: { page, size: pageSize }, signal }),
    { filters: null, requiresSession: true },
  );
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const to = t('to', { name: t('customer_service') });

  return (
    <>
      <MailList list={list} emptyText={t('outbox_empty')} testId="outbox" keyOf={(mail) => mail.outboxId} unread={() => false} party={() => to} onOpen={setOpen} />
      {open && (
        <MailDialog
          subject={open.subject}
          party={to}
          sendTime={open.sendTime}
          content={open.content}
          onClose={() => setOpen(null)}
          onDelete={async () => {
            await api.call(deleteOutboxMailCall, { data: { outboxIds: [open.outboxId] } });
            setOpen(null);
            bus.dispatch({ type: 'toast', level: 'success', message: t('deleted') });
            list.refresh();
          }}
        />
      )}
    </>
  );
}
