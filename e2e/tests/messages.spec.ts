import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';
import { expectNoHorizontalOverflow } from '../harness/layout';

// Platform messages (messageV2) as a member meets them: a mail from customer service
// arrives while the site is open and the header's badge shows it at once (pushed on the balance
// stream, no reload); the account menu opens the messages page, opening the mail marks it read and
// the badge goes; the member replies (the reply is in their outbox and in the operator's box) and
// deletes the mail. On a desktop and on a 390 px phone. The mail is written as the message module's
// sendMessage writes it (the mail, its delivery, and the announcement on commit), with the owner's
// role: the operator API's message call is not there yet.

/** Sends one mail to the member, as sendMessage does; returns its id. */
async function sendMail(username: string, subject: string, content: string, canReply = true): Promise<number> {
  const [row] = await operatorSql<{ mail_id: string }>(
    `WITH me AS (SELECT id, merchant_id FROM member WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}),
          m AS (INSERT INTO mail (merchant_id, broadcast, subject, content, sender_name, can_reply, sent_at)
                SELECT merchant_id, false, $2, $3, 'Customer Service', $4, now() FROM me RETURNING id),
          d AS (INSERT INTO mail_delivery (mail_id, member_id) SELECT m.id, me.id FROM m, me RETURNING mail_id)
     SELECT d.mail_id, pg_notify('member_mail', me.merchant_id || ':' || me.id) FROM d, me`,
    [username, subject, content, canReply],
  );
  return Number(row.mail_id);
}

async function logIn(page: Page, member: RegisteredMember): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(member.username);
  await popup.getByTestId('login-password').fill(member.password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}

let member: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
});

async function readReplyDelete(page: Page, { phone }: { phone: boolean }): Promise<void> {
  await openSite(page, '/');
  await logIn(page, member);
  await expect(page.getByTestId('header-unread')).toHaveCount(0);

  // A mail arrives while the page is open: the badge shows it without a reload.
  const mailId = await sendMail(member.username, 'Your weekly bonus', 'Hello <b>player</b>,\nyour bonus is ready.');
  await expect(page.getByTestId('header-unread')).toHaveText('1', { timeout: 5000 });

  await page.getByTestId('header-account-menu').click();
  await expect(page.getByTestId('header-menu-messages')).toContainText('1');
  await page.getByTestId('header-menu-messages').click();
  const messages = page.getByTestId('messages-page');
  const row = messages.getByTestId('inbox-mail');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row).toContainText('Your weekly bonus');
  if (phone) await expectNoHorizontalOverflow(page, 'messages-page');

  // Opening it shows the text as written (no HTML) and marks it read: the badge goes.
  await row.click();
  const dialog = page.getByTestId('mail-dialog');
  await expect(dialog.getByTestId('mail-content')).toHaveText('Hello <b>player</b>,\nyour bonus is ready.');
  await expect(page.getByTestId('header-unread')).toHaveCount(0);

  // Reply: it goes to the outbox and to the operator's box.
  await dialog.getByTestId('mail-reply').click();
  const compose = page.getByTestId('compose-dialog');
  await expect(compose.getByTestId('compose-subject')).toHaveValue('Re: Your weekly bonus');
  await compose.getByTestId('compose-content').fill('Thank you!');
  await compose.getByTestId('compose-send').click();
  await expect(compose).toHaveCount(0);
  await expect(messages.getByTestId('outbox-mail')).toContainText('Re: Your weekly bonus');
  const replies = await operatorSql<{ content: string }>('SELECT content FROM member_mail WHERE reply_to_mail_id = $1', [mailId]);
  expect(replies).toEqual([{ content: 'Thank you!' }]);

  // Delete, after confirming: the inbox is empty.
  await messages.getByRole('tab', { name: 'Inbox' }).click();
  await expect(messages.getByTestId('inbox-mail')).not.toHaveAttribute('data-unread', 'true');
  await messages.getByTestId('inbox-mail').click();
  await page.getByTestId('mail-delete').click();
  await page.getByTestId('mail-delete-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('mail-dialog')).toHaveCount(0);
  await expect(messages.getByText('No messages yet')).toBeVisible();
  if (phone) await expectNoHorizontalOverflow(page, 'messages-page');
}

test('a mail shows on the badge at once; opening it marks it read and the badge goes; reply and delete', async ({ page }) => {
  await readReplyDelete(page, { phone: false });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same, and the page fits the screen', async ({ page }) => {
    await readReplyDelete(page, { phone: true });
  });
});
