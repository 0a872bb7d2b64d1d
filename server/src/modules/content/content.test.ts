import type { AnnouncementList, Envelope, HelpCenterEntry, IndexNotice } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

async function announcements(query: string): Promise<AnnouncementList> {
  const response = await context.app.inject({ method: 'GET', url: `/wps/relay/MCSFE_getListAnnouncements${query}` });
  expect(response.statusCode).toBe(200);
  return json<Envelope<AnnouncementList>>(response).value;
}

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  it('lists announcements of the requested types, newest first, with their popups', async () => {
    const value = await announcements('?types=B,PL,PU,PR&platform=W&execution=B');
    // Enough for two pages of 9 in the announcement modal.
    expect(value.list.length).toBeGreaterThan(9);
    const times = value.list.map((announcement) => announcement.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(value.list.map((announcement) => announcement.type))).toEqual(new Set(['B', 'PL', 'PU', 'PR']));
    expect(value.popup.length).toBeGreaterThan(0);
    expect(value.popup.every((announcement) => announcement.popup)).toBe(true);
    expect(value.list[0]).toEqual({
      id: expect.any(Number),
      type: 'B',
      title: 'Welcome to Lucky Star',
      content: expect.stringContaining('<strong>100% welcome bonus</strong>'),
      popup: true,
      createTime: expect.any(Number),
    });
  });

  it('filters by type', async () => {
    const promotions = await announcements('?types=PR');
    expect(promotions.list.length).toBeGreaterThan(0);
    expect(promotions.list.every((announcement) => announcement.type === 'PR')).toBe(true);
    const help = await announcements('?types=H');
    expect(help.list.map((announcement) => announcement.title)).toEqual(['How to contact support']);
  });

  it('defaults to B, PL, PU and PR', async () => {
    const value = await announcements('');
    expect(value.list.some((announcement) => announcement.type === 'H')).toBe(false);
    expect(value.list.length).toBe((await announcements('?types=B,PL,PU,PR')).list.length);
  });

  it('sends sanitized HTML: no script, no event handler', async () => {
    const value = await announcements('?types=PL');
    const security = value.list.find((announcement) => announcement.title === 'Security notice');
    expect(security?.content).toContain('Our staff will never ask for your password');
    expect(security?.content).not.toMatch(/<script|onerror|alert/i);
  });

  it('hides disabled, expired and not yet published announcements', async () => {
    await context.pool.query(
      `INSERT INTO announcement (merchant_id, type, title, content, enabled, published_at, expires_at) VALUES
         ($1, 'B', 'disabled one', 'x', false, now(), NULL),
         ($1, 'B', 'expired one', 'x', true, now() - interval '2 days', now() - interval '1 day'),
         ($1, 'B', 'future one', 'x', true, now() + interval '1 day', NULL),
         ($1, 'B', 'fresh one', 'x', true, now(), now() + interval '1 day')`,
      [context.merchantId],
    );
    const titles = (await announcements('?types=B')).list.map((announcement) => announcement.title);
    expect(titles[0]).toBe('fresh one');
    expect(titles).not.toEqual(expect.arrayContaining(['disabled one']));
    expect(titles).not.toContain('expired one');
    expect(titles).not.toContain('future one');
  });

  it.each([
    ['?types=XX', 'querystring.types is invalid (expected: Comma list of B, PL, PU, PR, H (default B,PL,PU,PR))'],
    ['?types=B,,PL', 'querystring.types is invalid (expected: Comma list of B, PL, PU, PR, H (default B,PL,PU,PR))'],
    ['?types=b', 'querystring.types is invalid (expected: Comma list of B, PL, PU, PR, H (default B,PL,PU,PR))'],
    ['?platform=M', 'querystring.platform must be one of: W'],
    ['?execution=A', 'querystring.execution must be one of: B'],
  ])('rejects %s with a message naming the field', async (query, detail) => {
    const response = await context.app.inject({ method: 'GET', url: `/wps/relay/MCSFE_getListAnnouncements${query}` });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: `Invalid request parameter: ${detail}`,
      errorCode: 'request.param.err',
    });
  });
});

describe('GET /wps/system/notice', () => {
  it('gives player notices, banners of every group, popups and promotions', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/notice' });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<IndexNotice>>(response).value;
    expect(value.player.length).toBeGreaterThan(0);
    expect(value.player.every((announcement) => ['B', 'PL'].includes(announcement.type))).toBe(true);
    expect(value.player.some((announcement) => /<script|onerror/i.test(announcement.content))).toBe(false);
    expect(value.popup.every((announcement) => announcement.popup)).toBe(true);

    const groups = value.banners.map((banner) => banner.groupName);
    expect(groups.filter((group) => group === 'w_home')).toHaveLength(3);
    expect(groups).toContain('w_games');
    expect(groups).toContain('w_promotion');
    // None for the help page: the front end's default banner applies there.
    expect(groups).not.toContain('w_help');
    for (const banner of value.banners) {
      expect(['NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME']).toContain(banner.linkageType);
      expect(banner.url).toMatch(/^\/assets\//);
    }
    // A PROMOTION banner points at a promotion that exists.
    const promotionIds = value.promotion.map((promotion) => String(promotion.id));
    for (const banner of value.banners.filter((item) => item.linkageType === 'PROMOTION')) {
      expect(promotionIds).toContain(banner.linkageValue);
    }
    expect(value.promotion.filter((promotion) => promotion.category === 'new_player').length).toBeGreaterThan(1);
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('lists sanitized articles in several categories', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/helpCenter' });
    const value = json<Envelope<{ list: HelpCenterEntry[] }>>(response).value;
    expect(new Set(value.list.map((article) => article.category)).size).toBeGreaterThan(2);
    expect(value.list.find((article) => article.title === 'User agreement')?.content).toMatch(/18 years/);
  });
});
