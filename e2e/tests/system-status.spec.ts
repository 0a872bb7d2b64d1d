import { expect, test } from '../harness/test';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID as MERCHANT } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

test.describe('root view by system status', () => {
  test.beforeEach(async ({ page }) => useEnglish(page));
  test.afterEach(async () => {
    await operatorSql(`delete from maintenance_window where merchant_id = ${MERCHANT}`);
    await operatorSql(`delete from region_rule where merchant_id = ${MERCHANT}`);
    await operatorSql(`delete from ip_country_override where merchant_id = ${MERCHANT}`);
  });

  /**
   * The server resolves a visitor's country from their address; the browser's
   * loopback address has none, so the operator's override table places it for this worker's merchant.
   */
  const placeLoopbackIn = async (country: string) => {
    await operatorSql(`delete from ip_country_override where merchant_id = ${MERCHANT}`);
    await operatorSql(
      `insert into ip_country_override (merchant_id, network, country_code) values (${MERCHANT}, '127.0.0.0/8', $1), (${MERCHANT}, '::1/128', $1)`,
      [country],
    );
  };

  test('status 1: the maintenance page with its end time, contact-us and Refresh; lifting it brings the site back without a restart', async ({ page }) => {
    const endsAt = new Date(Date.now() + 2 * 3600_000);
    await operatorSql(
      `insert into maintenance_window (merchant_id, starts_at, ends_at) values (${MERCHANT}, now() - interval '1 minute', $1)`,
      [endsAt],
    );
    await openSite(page, '/');
    const maintenance = page.getByTestId('maintenance-page');
    await expect(maintenance).toBeVisible();
    await expect(maintenance).toContainText('System Maintenance');
    const pad = (n: number) => String(n).padStart(2, '0');
    const localEnd = await page.evaluate((ms) => {
      const d = new Date(ms);
      return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
    }, endsAt.getTime());
    await expect(maintenance).toContainText(`${localEnd[0]}-${pad(localEnd[1])}-${pad(localEnd[2])} ${pad(localEnd[3])}:${pad(localEnd[4])}`);
    await expect(maintenance.getByRole('button', { name: /contact us/i })).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCount(0);

    await operatorSql(`delete from maintenance_window where merchant_id = ${MERCHANT}`);
    await maintenance.getByRole('button', { name: /refresh/i }).click();
    await expect(page.getByTestId('header')).toBeVisible();
  });

  test('status 2: the IP-restriction page shows the visitor IP and country', async ({ page }) => {
    await operatorSql(`insert into region_rule (merchant_id, kind, value) values (${MERCHANT}, 'cidr', '127.0.0.0/8'), (${MERCHANT}, 'cidr', '::1/128')`);
    await placeLoopbackIn('SG');
    await openSite(page, '/');
    const restricted = page.getByTestId('ip-restriction-page');
    await expect(restricted).toBeVisible();
    await expect(restricted).toContainText('Due to restriction of your location or IP address, you are not allowed to access the site.');
    await expect(restricted).toContainText(/127\.0\.0\.1|::1/);
    await expect(restricted).toContainText('SG');
    await expect(restricted.getByRole('button', { name: /contact us/i })).toBeVisible();
  });

  test('a country rule restricts by the country the server resolves, never one the browser claims', async ({ page }) => {
    await operatorSql(`insert into region_rule (merchant_id, kind, value) values (${MERCHANT}, 'country', 'US')`);
    await placeLoopbackIn('US');
    await page.setExtraHTTPHeaders({ 'X-Country-Code': 'BD' });
    await openSite(page, '/');
    await expect(page.getByTestId('ip-restriction-page')).toContainText('US');
    await placeLoopbackIn('BD');
    await page.setExtraHTTPHeaders({ 'X-Country-Code': 'US' });
    await openSite(page, '/');
    await expect(page.getByTestId('header')).toBeVisible();
  });

  test('the server refuses login and free play during maintenance; a page already open turns to the maintenance page', async ({ page, request }) => {
    await skipAnnouncementPopup(page);
    await openSite(page, '/');
    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();

    await operatorSql(`insert into maintenance_window (merchant_id, starts_at) values (${MERCHANT}, now() - interval '1 minute')`);
    const refused = await request.post('/wps/session/login/freeplay', { data: {} });
    expect(refused.status()).toBe(503);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: 'system_under_maintenance', value: { content: { data: { endTime: null } } } });
    expect((await request.get('/wps/system/status')).status()).toBe(200);

    // Any call the open page makes now meets maintenance: the free-play click, or one the page
    // happened to make first (then the button is already gone, replaced by the maintenance page).
    await page.getByTestId('free-play-button').click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if (!(await page.getByTestId('maintenance-page').isVisible())) throw error;
    });
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCount(0);
  });

  test('a restricted visitor is refused free play by the server, whatever country header the browser sends', async ({ request }) => {
    await operatorSql(`insert into region_rule (merchant_id, kind, value) values (${MERCHANT}, 'country', 'VN')`);
    await placeLoopbackIn('VN');
    const refused = await request.post('/wps/session/login/freeplay', { data: {}, headers: { 'X-Country-Code': 'BD' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: 'region_restricted', value: { country: 'VN' } });
  });
});
