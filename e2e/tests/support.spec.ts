import { writeFile } from 'node:fs/promises';
import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { memberIdOf } from '../harness/member-centre';
import { signInOperator } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Locator, type Page } from '../harness/test';

// Support and feedback on a 390 px phone, through the pages and the real command-line tool: a
// member asks customer service a question with a screenshot from the member centre, an operator
// reads it and answers with `ops support-answer`, and the member sees the unread badge at once
// (pushed, no reload), reads the answer in the platform messages and beside the question; the
// feedback form (with its captcha) reaches the operators' `ops feedback`. The page fits the
// screen in English and in Bengali.

/** A 1×1 png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const OVERLAY = 'mfe_member_center-overlay';

test.use({ viewport: { width: 390, height: 844 } });

let member: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
});

/** The member centre on the phone (the tab bar's Me), opened on the page of that menu entry. */
async function openCentrePage(page: Page, menuName: string): Promise<Locator> {
  const overlay = page.getByTestId(OVERLAY);
  if (!(await overlay.isVisible())) await page.getByTestId('tab-me').click();
  const entry = overlay.getByRole('navigation').getByRole('button', { name: menuName });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'page');
  return overlay;
}

test('a member asks with a screenshot, the operator answers from the command line, and the member reads the answer in the page and in the platform messages', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  await expect(page.getByTestId('header-unread')).toHaveCount(0);

  // 1. The page is the menu's last entry; the member has asked nothing yet.
  await page.getByTestId('tab-me').click();
  const menu = page.getByTestId(OVERLAY).getByRole('navigation');
  await expect(menu.getByRole('button').last()).toHaveText('Support & Suggestions');
  const overlay = await openCentrePage(page, 'Support & Suggestions');
  const feedbackPage = overlay.getByTestId('feedback-page');
  await expect(feedbackPage.getByText('You have not asked any questions yet')).toBeVisible();

  // 2. A question with a screenshot (shown as a thumbnail), sent.
  const form = feedbackPage.getByTestId('support-form');
  await form.getByTestId('support-category').selectOption('withdrawal');
  await form.getByTestId('support-text').fill('My withdrawal W12 is still pending since yesterday.');
  await expect(form.getByTestId('support-count')).toHaveText('51/1000 characters');
  const screenshot = testInfo.outputPath('pending.png');
  await writeFile(screenshot, PNG);
  await form.getByTestId('support-file').setInputFiles(screenshot);
  await expect(form.getByTestId('support-image')).toHaveCount(1);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, OVERLAY);
  await form.getByTestId('support-submit').click();
  const question = feedbackPage.getByTestId('support-question');
  await expect(question).toHaveCount(1);
  await expect(question).toHaveAttribute('data-state', 'open');
  await expect(question.getByTestId('support-question-text')).toHaveText('My withdrawal W12 is still pending since yesterday.');
  await expect(question.getByTestId('support-question-state')).toHaveText('Open');
  await expect(form.getByTestId('support-text')).toHaveValue('');
  await expectNoHorizontalOverflow(page, OVERLAY);
  const questionId = Number(await question.getAttribute('data-id'));
  const stored = await operatorSql<{ member_id: string; images: number }>(
    `SELECT q.member_id::text, (SELECT count(*)::integer FROM support_question_image i WHERE i.question_id = q.id) AS images
       FROM support_question q WHERE q.id = $1 AND q.merchant_id = ${WORKER_MERCHANT_ID}`,
    [questionId],
  );
  expect(stored).toEqual([{ member_id: String(await memberIdOf(member.username)), images: 1 }]);

  // 3. Customer service reads it (open ones first) and answers with the command-line tool.
  const operator = await signInOperator();
  const open = await operator.ops(['support-questions', '--open']);
  expect(open.code).toBe(0);
  expect(open.lines.some((line) => line.startsWith(`${questionId} `) && line.includes(member.username) && line.includes('withdrawal') && line.includes('My withdrawal W12'))).toBe(true);
  const shown = await operator.ops(['support-show', String(questionId), '--out', testInfo.outputDir]);
  expect(shown.code).toBe(0);
  expect(shown.lines).toContain('Contact: platform messages.');
  expect(shown.lines.join('\n')).toContain(`Image 1: png, ${PNG.length} bytes, saved to`);
  const answer = 'It was paid this morning at 10:00. Please check your bank account.';
  const answered = await operator.ops(['support-answer', String(questionId), '--text', answer]);
  expect(answered).toEqual({ code: 0, lines: [expect.stringContaining(`Question ${questionId} answered`)] });

  // 4. The badge shows the new message at once, without a reload.
  await expect(page.getByTestId('header-unread')).toHaveText('1', { timeout: 10_000 });

  // 5. The platform messages have the answer; opening it marks it read and the badge goes.
  const messages = (await openCentrePage(page, 'Platform Information')).getByTestId('messages-page');
  const mail = messages.getByTestId('inbox-mail');
  await expect(mail).toHaveCount(1);
  await expect(mail).toHaveAttribute('data-unread', 'true');
  await expect(mail).toContainText(`#${questionId}`);
  await expectNoHorizontalOverflow(page, OVERLAY);
  await mail.click();
  await expect(page.getByTestId('mail-dialog').getByTestId('mail-content')).toHaveText(answer);
  await expect(page.getByTestId('header-unread')).toHaveCount(0);
  // On a phone the dialog is a full-screen sheet, closed with its Back control.
  await page.getByTestId('mail-dialog').getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('mail-dialog')).toHaveCount(0);

  // 6. Beside the question, the answer and its state.
  await openCentrePage(page, 'Support & Suggestions');
  await expect(question).toHaveAttribute('data-state', 'answered');
  await expect(question.getByTestId('support-question-state')).toHaveText('Answered');
  await expect(question.getByTestId('support-answer-text')).toHaveText(answer);
  await question.getByTestId('support-question-images-toggle').click();
  await expect(question.getByTestId('support-question-images').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, OVERLAY);

  // 7. Closed by customer service: the page says so.
  expect((await operator.ops(['support-close', String(questionId)])).lines).toEqual([`Question ${questionId} closed.`]);
  await openCentrePage(page, 'Platform Information');
  await openCentrePage(page, 'Support & Suggestions');
  await expect(question.getByTestId('support-question-state')).toHaveText('Closed');
});

test('the feedback form, with its captcha, reaches the operators', async ({ page }) => {
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  const captchaLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/wps/captcha');
  const overlay = await openCentrePage(page, 'Support & Suggestions');
  const feedbackPage = overlay.getByTestId('feedback-page');
  await feedbackPage.getByRole('tab', { name: 'Feedback' }).click();
  const form = feedbackPage.getByTestId('feedback-form');
  await expect(form.getByTestId('feedback-captcha-image').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, OVERLAY);

  // The operator knows the image's text (its answer is set to one the test can type).
  const captchaId = new URL((await captchaLoaded).url()).searchParams.get('captchaId');
  expect(captchaId).toMatch(/^[0-9a-f]{32}$/);
  await operatorSql("UPDATE captcha_challenge SET answer_hash = sha256(convert_to($1 || ':E2E7', 'UTF8')) WHERE id = $1", [captchaId]);
  const content = `The lobby freezes on my phone (${member.username})`;
  await form.getByTestId('feedback-type').selectOption('bug');
  await form.getByTestId('feedback-content').fill(content);
  await form.getByTestId('feedback-captcha').fill('e2e7');
  await form.getByTestId('feedback-submit').click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(form.getByTestId('feedback-content')).toHaveValue('');

  const operator = await signInOperator();
  const listed = await operator.ops(['feedback', '--unread']);
  expect(listed.code).toBe(0);
  const row = listed.lines.find((line) => line.endsWith(content));
  expect(row).toMatch(new RegExp(`^\\d+\\s+[\\d-]+ [\\d:]+\\s+bug\\s+${member.username}\\s`));
});

test('the page and both of its forms fit the screen in Bengali', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'BN'));
  await openSite(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  await page.evaluate((token) => window.sessionStorage.setItem('token', token), member.token);
  await page.reload();
  const overlay = await openCentrePage(page, 'সহায়তা ও মতামত');
  const feedbackPage = overlay.getByTestId('feedback-page');
  const form = feedbackPage.getByTestId('support-form');
  await expect(form.getByTestId('support-submit')).toHaveText('প্রশ্ন পাঠান');
  // A refusal before sending, in Bengali, and a long text: still nothing wider than the screen.
  await form.getByTestId('support-submit').click();
  await expect(form.getByTestId('support-text-error')).toHaveText('কমপক্ষে 10টি অক্ষর লিখুন।');
  await form.getByTestId('support-text').fill('আমার উত্তোলন গতকাল থেকে অপেক্ষমাণ অবস্থায় আছে, অনুগ্রহ করে দেখুন।'.repeat(4));
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, OVERLAY);
  await feedbackPage.getByRole('tab', { name: 'মতামত' }).click();
  await expect(feedbackPage.getByTestId('feedback-submit')).toHaveText('মতামত পাঠান');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, OVERLAY);
});
