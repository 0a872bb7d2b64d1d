import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test } from '../harness/test';

// The back office's Brand section against the real server: an admin makes the registration form's
// e-mail required; a visitor's next page load marks it required (＊) without a restart; the admin
// turns it back, and the next load shows it optional again. Each change is in the audit log once,
// with the rule before and after.

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test.afterEach(async () => {
  // The worker's merchant as it was, whatever failed: the e-mail optional, as seeded.
  await operatorSql(`UPDATE register_field_rule SET required = false WHERE merchant_id = ${WORKER_MERCHANT_ID} AND field = 'email' AND required`);
});

test('an admin makes a registration field required, and a visitor sees it on the next load', async ({ page, browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const admin = await createOperatorAccount('admin');
  await signInToBackOffice(office, admin);
  await backOfficeSections(office).filter({ hasText: 'Brand' }).click();
  await expect(office.getByRole('heading', { name: 'Brand', exact: true })).toBeVisible();

  const openRegister = async () => {
    await openSite(page, '/');
    await page.getByTestId('header-register').click();
    await expect(page.getByTestId('register-form')).toBeVisible();
    return page.getByTestId('register-email');
  };
  await expect(await openRegister()).toHaveAttribute('placeholder', 'E-mail');

  const rules = office.getByTestId('brand-rules');
  const required = rules.getByRole('checkbox', { name: 'email required' });
  await expect(required).not.toBeChecked();
  await required.check();
  await rules.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByRole('status')).toHaveText('Fields saved: 1.');
  await expect(required).toBeChecked();

  await expect(await openRegister()).toHaveAttribute('placeholder', '＊ E-mail');

  // Back as it was, through the page too.
  await required.uncheck();
  await rules.getByRole('button', { name: 'Save' }).click();
  await expect(rules.getByRole('status')).toHaveText('Fields saved: 1.');
  await expect(await openRegister()).toHaveAttribute('placeholder', 'E-mail');

  const audit = await operatorSql<{ detail: { before: unknown; after: unknown } }>(
    `SELECT detail FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE o.username = $1 AND a.action = 'registration_rule.update' AND a.outcome = 'ok' ORDER BY a.id`,
    [admin.username],
  );
  expect(audit.map((row) => row.detail)).toEqual([
    { before: { email: { enabled: true, required: false, minLength: 5, maxLength: 64 } }, after: { email: { enabled: true, required: true, minLength: 5, maxLength: 64 } } },
    { before: { email: { enabled: true, required: true, minLength: 5, maxLength: 64 } }, after: { email: { enabled: true, required: false, minLength: 5, maxLength: 64 } } },
  ]);
  await desk.close();
});
