import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { createOperatorAccount, signInOperator, type OperatorSession } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test } from '../harness/test';

// The back office's Support section against the real server: a member of customer service has
// the chat console open; a member writes in the site's chat and the conversation shows on the
// console without a reload (the operators' event stream); the operator takes it and replies, and
// the member's window shows the reply. The merchant's chat is switched on around the clock for the
// test (`ops chat-settings-set`) and put back after it.

let admin: OperatorSession;
let settingsBefore: string;

async function ops(...args: string[]): Promise<string[]> {
  const result = await admin.ops(args);
  expect(result.code, result.lines.join('\n')).toBe(0);
  return result.lines;
}

test.beforeAll(async () => {
  admin = await signInOperator();
  // The first line says whether it is within the hours; the settings follow as JSON.
  settingsBefore = (await ops('chat-settings')).slice(1).join('\n');
  await ops('chat-settings-set', '--json', JSON.stringify({ enabled: true, hours: null }));
});

test.afterAll(async () => {
  await ops('chat-settings-set', '--json', settingsBefore);
});

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('a member writes in the chat; customer service sees it arrive live, takes it and replies; the member reads the reply', async ({ page, browser, request }) => {
  // Customer service's console is open before the member writes.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  await signInToBackOffice(office, await createOperatorAccount('support'));
  await backOfficeSections(office).filter({ hasText: 'Support' }).click();
  await expect(office.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  // Support staff answer the chat (and read its settings), not the questions.
  await expect(office.getByRole('tab')).toHaveText(['Live chat', 'Chat settings']);
  await expect(office.getByTestId('chat-stream')).toHaveAttribute('data-status', 'open');

  // The member opens the site's chat and writes.
  const member = await registerMember(request);
  await page.addInitScript((token) => {
    if (window.location.protocol === 'about:') return;
    window.sessionStorage.setItem('token', token);
  }, member.token);
  await openSite(page, '/download');
  await page.getByTestId('header-chat').click();
  const chat = page.getByRole('dialog', { name: 'Customer service' });
  await chat.getByLabel('Your message').fill('My deposit has not arrived yet.');
  await chat.getByLabel('Your message').press('Enter');
  await expect(chat.locator('[data-testid="chat-message"][data-sender="member"]')).toHaveAttribute('data-state', 'sent');

  // It shows on the console without a reload, waiting, with its unread message.
  const row = office.locator(`[data-testid="chat-conversation-row"][data-username="${member.username}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-unread')).toHaveText('1 unread');
  await row.click();
  const conversation = office.getByTestId('chat-open');
  await expect(conversation.locator('[data-sender="member"]').getByTestId('chat-text')).toHaveText('My deposit has not arrived yet.');

  await conversation.getByRole('button', { name: 'Take' }).click();
  await expect(conversation.getByRole('status')).toHaveText(`You have the conversation with ${member.username}.`);
  await expect(conversation.getByRole('button', { name: 'Take' })).toHaveCount(0);
  // Now under "Mine", its message read.
  await expect(office.getByTestId('chat-view-mine')).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row.getByTestId('chat-unread')).toHaveCount(0);
  const reply = conversation.getByLabel('Your reply (Enter sends, Shift+Enter for a new line)');
  await reply.fill('We are checking it now.');
  await conversation.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation.locator('[data-sender="operator"]').getByTestId('chat-text')).toHaveText('We are checking it now.');
  await expect(reply).toHaveValue('');

  // The member's window shows the reply, without a reload.
  await expect(chat.locator('[data-testid="chat-message"][data-sender="operator"]').getByTestId('chat-text')).toHaveText('We are checking it now.');

  // The member writes again: it arrives on the console live, in the open conversation.
  await chat.getByLabel('Your message').fill('Thank you!');
  await chat.getByLabel('Your message').press('Enter');
  await expect(conversation.locator('[data-sender="member"]').getByTestId('chat-text')).toHaveText(['My deposit has not arrived yet.', 'Thank you!']);
  await desk.close();
});
