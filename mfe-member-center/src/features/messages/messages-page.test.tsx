import { act, fireEvent, screen, within } from '@testing-library/react';
import { useUnreadCount } from '@platform/shared';
import type { InboxMail, OutboxMail } from '@platform/contract';
import { logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { MessagesPage } from './messages-page';

// messageV2 with the network edge stubbed: the inbox and outbox, opening (marks read, the unread
// count follows), deleting with a confirmation, replying, writing to customer service.

const SENT = Date.UTC(2025, 0, 15, 10, 30, 0);
const mail = (inboxId: number, overrides: Partial<InboxMail> = {}): InboxMail => ({
  inboxId,
  subject: `Subject ${inboxId}`,
  content: `Content ${inboxId}`,
  sendTime: SENT,
  senderName: 'Customer Service',
  read: false,
  canReply: false,
  ...overrides,
});

/** What the header shows: the count the page keeps up to date. */
function Badge() {
  return <output data-testid="badge">{useUnreadCount() ?? 'none'}</output>;
}

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(
    <>
      <Badge />
      <MessagesPage openPage={jest.fn()} />
    </>,
  );
  await settle();
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

describe('the inbox', () => {
  it('lists mails with the unread ones marked; opening one shows it as text and marks it read', async () => {
    const { callsOf } = stubApi({
      unreadCount: { unreadCount: 1 },
      getInboxMails: { list: [mail(1, { content: '<img src=x onerror=alert(1)>\nline two' }), mail(2, { read: true })], totalPages: 1 },
      markMailAsRead: { unreadCount: 0 },
    });
    await renderPage();
    expect(screen.getByTestId('badge').textContent).toBe('1');
    const rows = screen.getAllByTestId('inbox-mail');
    expect(rows.map((row) => row.hasAttribute('data-unread'))).toEqual([true, false]);
    expect(rows[0].textContent).toContain('Subject 1');
    expect(rows[0].textContent).toContain('Customer Service');
    expect(callsOf('getInboxMails')[0]?.params).toEqual({ page: 1, size: 10 });

    await click(rows[0]);
    const dialog = screen.getByTestId('mail-dialog');
    // Plain text: the markup is shown, never run.
    expect(within(dialog).getByTestId('mail-content').textContent).toBe('<img src=x onerror=alert(1)>\nline two');
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('From Customer Service')).toBeTruthy();
    expect(callsOf('markMailAsRead')).toEqual([{ data: { inboxIds: [1] } }]);
    expect(screen.getByTestId('badge').textContent).toBe('0');
    expect(screen.getAllByTestId('inbox-mail')[0].hasAttribute('data-unread')).toBe(false);
    // A mail that allows no reply has no Reply button.
    expect(within(dialog).queryByTestId('mail-reply')).toBeNull();

    // Opening a read mail again sends nothing.
    await click(within(dialog).getByRole('button', { name: 'Close' }));
    await click(screen.getAllByTestId('inbox-mail')[1]);
    expect(callsOf('markMailAsRead')).toHaveLength(1);
  });

  it('deletes a mail after a confirmation and loads the list again', async () => {
    let listed = [mail(1, { read: true }), mail(2)];
    const { callsOf } = stubApi({
      unreadCount: { unreadCount: 1 },
      getInboxMails: () => ({ list: listed, totalPages: 1 }),
      markMailAsRead: { unreadCount: 1 },
      deleteInboxMail: () => {
        listed = listed.filter((item) => item.inboxId !== 1);
        return { unreadCount: 1 };
      },
    });
    const { commands, stop } = recordCommands('toast');
    await renderPage();
    await click(screen.getAllByTestId('inbox-mail')[0]);
    await click(screen.getByTestId('mail-delete'));
    // Nothing is deleted before the member confirms; cancelling keeps it.
    expect(callsOf('deleteInboxMail')).toEqual([]);
    await click(within(screen.getByTestId('mail-delete-confirm')).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('deleteInboxMail')).toEqual([]);

    await click(screen.getByTestId('mail-delete'));
    await click(within(screen.getByTestId('mail-delete-confirm')).getByRole('button', { name: 'Delete' }));
    expect(callsOf('deleteInboxMail')).toEqual([{ data: { inboxIds: [1] } }]);
    expect(screen.queryByTestId('mail-dialog')).toBeNull();
    expect(screen.getAllByTestId('inbox-mail').map((row) => row.textContent)).toEqual([expect.stringContaining('Subject 2')]);
    expect(commands).toEqual([{ type: 'toast', level: 'success', message: 'Message deleted' }]);
    stop();
  });

  it('says when there is nothing, and pages through many', async () => {
    const { callsOf } = stubApi({
      unreadCount: { unreadCount: 0 },
      getInboxMails: (options: CallOptionsSeen) => ((options?.params as { page: number }).page === 1 ? { list: [mail(1)], totalPages: 3 } : { list: [mail(7)], totalPages: 3 }),
      getOutboxMails: { list: [], totalPages: 0 },
    });
    await renderPage();
    await click(screen.getByRole('button', { name: 'Next' }));
    expect(callsOf('getInboxMails').map((options) => options?.params)).toEqual([
      { page: 1, size: 10 },
      { page: 2, size: 10 },
    ]);
    expect(screen.getByTestId('inbox-mail').textContent).toContain('Subject 7');
    await click(screen.getByRole('tab', { name: 'Sent' }));
    expect(screen.getByText('You have not sent any messages')).toBeTruthy();
  });
});

describe('writing', () => {
  it('replies to a mail that allows it, with its subject, and shows the outbox', async () => {
    const sent: OutboxMail[] = [];
    const { callsOf } = stubApi({
      unreadCount: { unreadCount: 0 },
      getInboxMails: { list: [mail(5, { read: true, canReply: true, subject: 'Survey' })], totalPages: 1 },
      replyMail: (options: CallOptionsSeen) => {
        const data = options?.data as { inboxId: number; subject: string; content: string };
        sent.push({ outboxId: 9, subject: data.subject, content: data.content, sendTime: SENT, recipients: 'customerService', replyToInboxId: data.inboxId });
        return { outboxId: 9 };
      },
      getOutboxMails: () => ({ list: sent, totalPages: 1 }),
    });
    await renderPage();
    await click(screen.getByTestId('inbox-mail'));
    await click(screen.getByTestId('mail-reply'));
    const dialog = screen.getByTestId('compose-dialog');
    expect((within(dialog).getByTestId('compose-subject') as HTMLInputElement).value).toBe('Re: Survey');
    fireEvent.change(within(dialog).getByTestId('compose-content'), { target: { value: 'All good\nthanks' } });
    await click(within(dialog).getByTestId('compose-send'));
    expect(callsOf('replyMail')).toEqual([{ data: { inboxId: 5, subject: 'Re: Survey', content: 'All good\nthanks' } }]);
    expect(screen.queryByTestId('compose-dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Sent' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('outbox-mail').textContent).toContain('Re: Survey');
    expect(screen.getByTestId('outbox-mail').textContent).toContain('To Customer Service');
  });

  it('writes to customer service, refusing blank fields before sending', async () => {
    const { callsOf } = stubApi({ unreadCount: { unreadCount: 0 }, getInboxMails: { list: [], totalPages: 0 }, sendMail: { outboxId: 3 }, getOutboxMails: { list: [], totalPages: 0 } });
    await renderPage();
    expect(screen.getByText('No messages yet')).toBeTruthy();
    await click(screen.getByTestId('messages-compose'));
    const dialog = screen.getByTestId('compose-dialog');
    fireEvent.change(within(dialog).getByTestId('compose-subject'), { target: { value: '   ' } });
    await click(within(dialog).getByTestId('compose-send'));
    expect(callsOf('sendMail')).toEqual([]);
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toHaveLength(2);

    fireEvent.change(within(dialog).getByTestId('compose-subject'), { target: { value: ' Deposit ' } });
    fireEvent.change(within(dialog).getByTestId('compose-content'), { target: { value: 'Where is it?' } });
    expect(within(dialog).getByText('12/2000 characters')).toBeTruthy();
    await click(within(dialog).getByTestId('compose-send'));
    expect(callsOf('sendMail')).toEqual([{ data: { subject: 'Deposit', content: 'Where is it?' } }]);
  });
});
