import { Button, refreshUnreadCount, Tabs, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { ComposeDialog, type ComposeTarget } from './compose-dialog';
import { InboxList } from './inbox-list';
import { OutboxList } from './outbox-list';
import { NAMESPACE } from './translations';
import styles from './messages.module.css';

type Box = 'inbox' | 'outbox';

/**
 * messageV2 (legacy page): the inbox (mails from the operator; opening one marks it read,
 * the header's badge follows), the outbox (what the member wrote to customer service), deleting
 * with a confirmation, replying where a mail allows it, and writing to customer service.
 */
export function MessagesPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [box, setBox] = useState<Box>('inbox');
  const [composing, setComposing] = useState<ComposeTarget | null>(null);
  // Bumped after a mail is sent: the outbox shows it.
  const [sentCount, setSentCount] = useState(0);

  // The badge may be behind (a push missed while the page was away): ask once on opening.
  useEffect(() => {
    void refreshUnreadCount();
  }, []);

  return (
    <div className={styles.page} data-testid="messages-page">
      {/* The page's title is the member centre's (PageScaffold). */}
      <div className={styles.toolbar}>
        <Button size="sm" onClick={() => setComposing({ kind: 'new' })} data-testid="messages-compose">
          {t('compose')}
        </Button>
      </div>
      <Tabs<Box>
        label={t('title')}
        value={box}
        onChange={setBox}
        items={[
          { value: 'inbox', label: t('tab_inbox') },
          { value: 'outbox', label: t('tab_outbox') },
        ]}
      >
        {box === 'inbox' ? <InboxList onReply={(mail) => setComposing({ kind: 'reply', mail })} /> : <OutboxList key={sentCount} />}
      </Tabs>
      <ComposeDialog
        target={composing}
        onClose={() => setComposing(null)}
        onSent={() => {
          setComposing(null);
          setSentCount((count) => count + 1);
          setBox('outbox');
        }}
      />
    </div>
  );
}
