import { api, Button, bus, setUnreadCount, usePagedList, useT } from '@platform/shared';
import { deleteInboxMailCall, inboxMailsCall, markMailAsReadCall, type InboxMail } from '@platform/contract';
import { useState } from 'react';
import { MailDialog } from './mail-dialog';
import { MailList } from './mail-list';
import { NAMESPACE } from './translations';

export interface InboxListProps {
  onReply: (mail: InboxMail) => void;
}

/** The inbox: unread mails marked; opening one marks it read (the header's badge follows). */
export function InboxList({ onReply }: InboxListProps) {
  const { t } = useT(NAMESPACE);
  const list = usePagedList<InboxMail, null>(
    ({ page, pageSize }, signal) => api.call(inboxMailsCall, { params: { page, size: pageSize }, signal }),
    { filters: null, requiresSession: true },
  );
  // Read here since the page loaded: shown read at once, without reloading the list.
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<InboxMail | null>(null);

  const openMail = (mail: InboxMail) => {
    setOpen(mail);
    if (mail.read || readHere.has(mail.inboxId)) return;
    setReadHere((ids) => new Set(ids).add(mail.inboxId));
    api
      .call(markMailAsReadCall, { data: { inboxIds: [mail.inboxId] } })
      .then(({ unreadCount }) => setUnreadCount(unreadCount))
      // The API client has told the player; the mail shows unread again.
      .catch(() =>
        setReadHere((ids) => {
          const next = new Set(ids);
          next.delete(mail.inboxId);
          return next;
        }),
      );
  };

  return (
    <>
      <MailList
        list={list}
        emptyText={t('inbox_empty')}
        testId="inbox"
        keyOf={(mail) => mail.inboxId}
        unread={(mail) => !mail.read && !readHere.has(mail.inboxId)}
        party={(mail) => mail.senderName}
        onOpen={openMail}
      />
      {open && (
        <MailDialog
          subject={open.subject}
          party={t('from', { name: open.senderName })}
          sendTime={open.sendTime}
          content={open.content}
          onClose={() => setOpen(null)}
          onDelete={async () => {
            const { unreadCount } = await api.call(deleteInboxMailCall, { data: { inboxIds: [open.inboxId] } });
            setUnreadCount(unreadCount);
            setOpen(null);
            bus.dispatch({ type: 'toast', level: 'success', message: t('deleted') });
            list.refresh();
          }}
          actions={
            open.canReply && (
              <Button
                variant="secondary"
                data-testid="mail-reply"
                onClick={() => {
                  setOpen(null);
                  onReply(open);
                }}
              >
                {t('reply')}
              </Button>
            )
          }
        />
      )}
    </>
  );
}
