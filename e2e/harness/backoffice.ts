import { E2E_OPS_URL } from './constants';
import type { OperatorAccount } from './operator';
import { expect, type Page } from './test';

// The operator back office in browser tests: served on the operator listener (E2E_OPS_URL), its
// root sending to /ops/, signed in as a member of staff does, with the password and the
// authenticator's current code.

/** Signs `account` in through the back office's page; answers when its frame shows. */
export async function signInToBackOffice(page: Page, account: OperatorAccount): Promise<void> {
  const response = await page.goto(`${E2E_OPS_URL}/`);
  // Never framed, and nothing from elsewhere runs in it.
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page).toHaveURL(`${E2E_OPS_URL}/ops/`);
  await page.getByLabel('Merchant code').fill(account.merchantCode);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Authenticator code (6 digits)').fill(account.code());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator')).toContainText(account.username);
}

/** The section links the signed-in operator's role opens. */
export const backOfficeSections = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
