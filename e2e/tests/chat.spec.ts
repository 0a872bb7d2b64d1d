import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { expectNoHorizontalOverflow } from '../harness/layout';
import { signInOperator, type OperatorSession } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type BrowserContext, type Page } from '../harness/test';

// The site's own chat with customer service as a member and an operator use it. The merchant
// switches the chat on (`ops chat-settings-set`); the member opens it from the header, sends a
// text and a picture, and an operator of the merchant answers through the real command-line tool
// (`ops chat-waiting`, `chat-reply`, `chat-show`): the reply shows without a reload, the member's
// message is marked read, and with the window closed the header's badge counts the next reply;
// after the network drops and comes back, what was written meanwhile shows, once. On a desktop
// (a window docked at the corner) and on a 390 px phone (a sheet over the whole screen).

/** A 1 × 1 png: a picture the server takes (its type is read from its bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let operator: OperatorSession;
let member: RegisteredMember;
/** The merchant's chat settings before the tests (`ops chat-settings`), put back after them. */
let settingsBefore: string;

/** Runs `ops …` as the operator; fails the test with what it printed when it fails. */
async function ops(...args: string[]): Promise<string[]> {
  const result = await operator.ops(args);
  expect(result.code, result.lines.join('\n')).toBe(0);
  return result.lines;
}

/** The member's open conversation, as `ops chat-waiting` lists it (id first, the username on its row). */
async function conversationOf(username: string): Promise<string> {
  let id: string | undefined;
  await expect(async () => {
    const lines = await ops('chat-waiting', '--status', 'open');
    id = lines.map((line) => line.trim().split(/\s+/)).find((cells) => cells.includes(username))?.[0];
    expect(id).toMatch(/^\d+$/);
  }).toPass({ timeout: 15_000 });
  return id!;
}

test.beforeAll(async () => {
  operator = await signInOperator();
  // The first line says whether it is within the hours; the settings follow as JSON.
  settingsBefore = (await ops('chat-settings')).slice(1).join('\n');
  // On, around the clock: no away message in the way of what the test reads.
  await ops('chat-settings-set', '--json', JSON.stringify({ enabled: true, hours: null }));
});

test.afterAll(async () => {
  // The other specs of this worker's merchant see the merchant's chat as it was.
  await ops('chat-settings-set', '--json', settingsBefore);
});

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
});

async function chatWithCustomerService(page: Page, context: BrowserContext, { phone }: { phone: boolean }): Promise<void> {
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  // On to a page without a banner carousel (the session stays): the carousel fetches its code on
  // its first turn, which would fall in the time the test takes the network away.
  await openSite(page, '/download');
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  const entry = page.getByTestId('header-chat');
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('chat-unread')).toHaveCount(0);

  // The member opens the chat and writes.
  await entry.click();
  const chat = page.getByRole('dialog', { name: 'Customer service' });
  await expect(chat).toBeVisible();
  const box = chat.getByLabel('Your message');
  await expect(box).toBeFocused();
  if (phone) {
    // A sheet over the whole screen, nothing sideways.
    const size = page.viewportSize()!;
    expect(await chat.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
    await expectNoHorizontalOverflow(page, 'chat-window');
  } else {
    // Docked at the corner: the page beside it stays in view.
    const docked = (await chat.boundingBox())!;
    expect(docked.width).toBeLessThan(page.viewportSize()!.width / 2);
  }

  await box.fill('Where is my deposit? See https://bank.example.test/ref?id=7 <b>please</b>');
  await box.press('Enter');
  const mine = chat.locator('[data-testid="chat-message"][data-sender="member"]');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toHaveAttribute('data-state', 'sent');
  // Text, never HTML; the address a safe link.
  await expect(mine.first().getByTestId('chat-text')).toHaveText('Where is my deposit? See https://bank.example.test/ref?id=7 <b>please</b>');
  const link = mine.first().getByRole('link', { name: 'https://bank.example.test/ref?id=7' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  // A picture: checked in the page, sent, shown as a thumbnail that opens larger.
  await chat.getByTestId('chat-image-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(1)).toHaveAttribute('data-state', 'sent');
  await mine.nth(1).getByRole('button', { name: 'Open the picture' }).click();
  const picture = page.getByTestId('chat-image-dialog');
  await expect(picture.getByRole('img', { name: 'Picture sent in the chat' })).toBeVisible();
  await picture.getByRole('button', { name: phone ? 'Back' : 'Close' }).click();
  await expect(picture).toHaveCount(0);

  // The operator finds the conversation, replies (taking it), and reads it.
  const conversationId = await conversationOf(member.username);
  await ops('chat-reply', conversationId, 'Hello! Let me check your deposit.');
  const theirs = chat.locator('[data-testid="chat-message"][data-sender="operator"]');
  await expect(theirs).toHaveCount(1);
  await expect(theirs.first().getByTestId('chat-text')).toHaveText('Hello! Let me check your deposit.');
  await expect(chat.getByTestId('chat-status')).toContainText('Chatting with');
  await ops('chat-show', conversationId);
  await expect(mine.first().getByTestId('chat-receipt')).toHaveText('Read');
  // Read while open: nothing is counted.
  await expect(entry.getByTestId('chat-unread')).toHaveCount(0);

  // The window closed, the next reply is counted on the header's entry, without a reload.
  await chat.getByRole('button', { name: 'Close the chat' }).click();
  await expect(chat).toHaveCount(0);
  await expect(entry).toBeFocused();
  await ops('chat-reply', conversationId, 'Your deposit is confirmed.');
  await expect(entry.getByTestId('chat-unread')).toHaveText('1');
  await expect(entry).toHaveAccessibleName('Customer service (1 unread)');
  if (phone) {
    // One row: customer service in the help centre's place (which stays in the menu), the logo kept.
    await expectNoHorizontalOverflow(page, 'header');
    await expect(page.getByTestId('header-help')).toBeHidden();
    expect((await page.getByRole('link', { name: 'Lucky Star home' }).boundingBox())!.width).toBeGreaterThan(20);
  }

  // Opening it shows the reply and reads it: the badge goes.
  await entry.click();
  await expect(theirs).toHaveCount(2);
  await expect(theirs.nth(1).getByTestId('chat-text')).toHaveText('Your deposit is confirmed.');
  await expect(entry.getByTestId('chat-unread')).toHaveCount(0);

  // The network drops: the window says so; what the operator writes meanwhile shows once it is
  // back, once, after what was there.
  await context.setOffline(true);
  await expect(chat.getByTestId('chat-reconnecting')).toBeVisible();
  await ops('chat-reply', conversationId, 'Anything else I can help with?');
  await context.setOffline(false);
  await expect(theirs).toHaveCount(3);
  await expect(theirs.nth(2).getByTestId('chat-text')).toHaveText('Anything else I can help with?');
  await expect(chat.getByTestId('chat-reconnecting')).toHaveCount(0);
  const ids = await chat.locator('[data-testid="chat-message"]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-message-id'))));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(5);

  // Escape closes it; the keyboard goes back to where it was.
  await chat.getByLabel('Your message').press('Escape');
  await expect(chat).toHaveCount(0);
  await expect(entry).toBeFocused();
}

test('a member chats with customer service: text, picture, replies live, the badge while closed, a dropped network', async ({ page, context }) => {
  await chatWithCustomerService(page, context, { phone: false });
});

test('a visitor is asked to log in first', async ({ page }) => {
  await openSite(page, '/');
  await page.getByTestId('header-chat').click();
  await expect(page.getByRole('dialog', { name: 'Login or register' })).toBeVisible();
  await expect(page.getByTestId('chat-window')).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same, in a sheet over the whole screen', async ({ page, context }) => {
    await chatWithCustomerService(page, context, { phone: true });
  });

  test('in Bengali: a reply the operator wrote and closed while the member was away is read first, then a new chat starts', async ({ page }) => {
    await page.addInitScript((token) => {
      // Not on about:blank, which has no storage of the site's.
      if (window.location.protocol === 'about:') return;
      window.localStorage.setItem('lang', 'BN');
      window.localStorage.setItem('hisLang', 'BN');
      window.sessionStorage.setItem('token', token);
    }, member.token);
    await openSite(page, '/download');
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
    const entry = page.getByTestId('header-chat');
    await entry.click();
    const chat = page.getByTestId('chat-window');
    await expect(chat).toBeVisible();
    const box = chat.getByLabel('আপনার বার্তা');
    await box.fill('আমার জমা কোথায়?');
    await box.press('Enter');
    await expect(chat.locator('[data-testid="chat-message"][data-sender="member"]')).toHaveAttribute('data-state', 'sent');
    await expectNoHorizontalOverflow(page, 'chat-window');
    await box.press('Escape');
    await expect(chat).toHaveCount(0);

    // The member leaves; the operator answers and ends the conversation meanwhile.
    await page.goto('about:blank');
    const conversationId = await conversationOf(member.username);
    await ops('chat-reply', conversationId, 'Your deposit is credited.');
    await ops('chat-close', conversationId);

    // Back later: the badge counts what was written, and the window opens on it, not on a new chat.
    await openSite(page, '/download');
    await expect(entry.getByTestId('chat-unread')).toHaveText(/^[1-9]/);
    await entry.click();
    await expect(chat.locator('[data-testid="chat-message"][data-sender="operator"]').getByTestId('chat-text')).toHaveText('Your deposit is credited.');
    // Who joined, and that it ended, in Bengali.
    await expect(chat.locator('[data-notice="taken"]')).toHaveText(`${operator.username} চ্যাটে যোগ দিয়েছেন`);
    await expect(chat.locator('[data-notice="closed"]')).toHaveText('চ্যাট শেষ হয়েছে');
    await expect(chat.getByLabel('আপনার বার্তা')).toHaveCount(0);
    await expect(entry.getByTestId('chat-unread')).toHaveCount(0);
    const size = page.viewportSize()!;
    expect(await chat.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
    await expectNoHorizontalOverflow(page, 'chat-window');

    // A new chat on asking: the ended one stays above it.
    await chat.getByRole('button', { name: 'নতুন চ্যাট শুরু করুন' }).click();
    await expect(chat.getByLabel('আপনার বার্তা')).toBeVisible();
    await expect(chat.getByTestId('chat-status')).toHaveText(/অপেক্ষা|অফলাইনে/);
    await expect(chat.locator('[data-testid="chat-message"][data-sender="operator"]')).toHaveCount(1);
    const fresh = await conversationOf(member.username);
    expect(fresh).not.toBe(conversationId);
    await expectNoHorizontalOverflow(page, 'chat-window');
  });
});
