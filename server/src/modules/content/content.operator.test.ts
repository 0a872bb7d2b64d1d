import type { AnnouncementList, Envelope, IndexNotice } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';

// Banners and announcements through the operator API (/ops/v1/content) on a real PostgreSQL: made,
// changed and deleted by content staff, each change audited once with the row before and after;
// what players read (the home page's notice, the announcement list, the uploaded image on the
// site's own origin) changes on the very next request; bad input and other merchants' rows are
// refused with nothing written; only content staff write, risk reads.

let context: TestContext;
const tokens: Record<'content' | 'risk' | 'cashier' | 'support' | 'admin', string> = { content: '', risk: '', cashier: '', support: '', admin: '' };

beforeAll(async () => {
  context = await createTestApp();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `content_${role}`, role })).token;
  // Five password hashes and checks (argon2id) on a busy machine.
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });

/** What the home page reads (the shell's index notice): banners of every group, notices, popups. */
const notice = async () => body<IndexNotice>(await context.app.inject({ method: 'GET', url: '/wps/system/notice' })).value!;
/** What the shell's announcement list reads. */
const announcementList = async () => body<AnnouncementList>(await context.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B' })).value!;

/** A 1×1 png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The first bytes of a webp (RIFF, size, WEBP, a VP8L chunk): what the type is read from. */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0])]);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

interface Banner { id: number; group: string; imageUrl: string; linkageType: string; linkageValue: string | null; enabled: boolean; sortOrder: number }
interface Announcement { id: number; type: string; title: string; content: string; popup: boolean; enabled: boolean; publishedAt: number; expiresAt: number | null; state: string }
interface AuditRow { action: string; outcome: string; target_id: string | null; detail: Record<string, unknown> }

const auditOf = async (targetType: string, targetId?: number) =>
  (
    await context.pool.query<AuditRow>(
      `SELECT action, outcome, target_id, detail FROM operator_action WHERE target_type = $1 AND ($2::text IS NULL OR target_id = $2 OR detail -> 'after' ->> 'id' = $2 OR detail -> 'before' ->> 'id' = $2) ORDER BY id`,
      [targetType, targetId === undefined ? null : String(targetId)],
    )
  ).rows;

describe('banners', () => {
  it('uploads an image the site serves from its own origin, and a banner with it reaches the home page on the next request', async () => {
    const uploaded = body<{ url: string; contentType: string; size: number }>(await ops(tokens.content, 'POST', '/content/banners/images', { image: dataUrl('image/png', PNG) }));
    expect(uploaded.value).toEqual({ url: expect.stringMatching(/^\/wps\/content\/images\/[0-9a-f]{64}\.png$/), contentType: 'image/png', size: PNG.length });
    const url = uploaded.value!.url;
    // The same file again: the same address, one stored image.
    expect(body<{ url: string }>(await ops(tokens.content, 'POST', '/content/banners/images', { image: dataUrl('image/png', PNG) })).value!.url).toBe(url);
    expect((await context.pool.query('SELECT 1 FROM content_image')).rowCount).toBe(1);
    // The declared type is not believed: the bytes say webp.
    expect(body<{ url: string; contentType: string }>(await ops(tokens.content, 'POST', '/content/banners/images', { image: dataUrl('image/png', WEBP) })).value).toMatchObject({
      url: expect.stringMatching(/\.webp$/),
      contentType: 'image/webp',
    });

    // Served by the site to anybody, as the image, for good (its address is its hash).
    const image = await context.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await context.app.inject({ method: 'GET', url: url.replace(/\.png$/, '.jpg') })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: `/wps/content/images/${'0'.repeat(64)}.png` })).statusCode).toBe(404);

    const revision = async () => BigInt((await context.pool.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision);
    const revisionBefore = await revision();
    const created = body<Banner>(await ops(tokens.content, 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'ROUTE', linkageValue: '/lottery', sortOrder: -5 }));
    expect(created.value).toEqual({ id: expect.any(Number), group: 'w_home', imageUrl: url, linkageType: 'ROUTE', linkageValue: '/lottery', enabled: true, sortOrder: -5 });
    const id = created.value!.id;
    // The configuration revision moved: what is cached under it (the page's first banner) is read again.
    expect(await revision()).toBeGreaterThan(revisionBefore);
    const home = (await notice()).banners.filter((banner) => banner.groupName === 'w_home');
    // The lowest order: the first slide.
    expect(home[0]).toEqual({ bannerId: id, groupName: 'w_home', url, linkageType: 'ROUTE', linkageValue: '/lottery' });

    const listed = body<{ list: Banner[]; groups: string[] }>(await ops(tokens.content, 'GET', '/content/banners?group=w_home')).value!;
    expect(listed.list[0]).toEqual(created.value);
    expect(listed.list.every((banner) => banner.group === 'w_home')).toBe(true);
    expect(listed.groups.slice(0, 4)).toEqual(['w_home', 'w_games', 'w_promotion', 'w_help']);
    // Risk reads it too, and the back office previews it (its own origin cannot load the site's).
    expect(body<{ list: Banner[] }>(await ops(tokens.risk, 'GET', '/content/banners')).value!.list.map((banner) => banner.id)).toContain(id);
    expect(body<{ dataUrl: string }>(await ops(tokens.risk, 'GET', `/content/banners/${id}/image`)).value).toEqual({ contentType: 'image/png', dataUrl: dataUrl('image/png', PNG) });
    const seeded = listed.list.find((banner) => banner.imageUrl.startsWith('/assets/'))!;
    expect(body<{ contentType: string }>(await ops(tokens.content, 'GET', `/content/banners/${seeded.id}/image`)).value!.contentType).toBe('image/svg+xml');

    // Hidden: off the home page at once; shown again without its link.
    const hidden = body<Banner>(await ops(tokens.content, 'POST', `/content/banners/${id}`, { enabled: false }));
    expect(hidden.value).toEqual({ ...created.value, enabled: false });
    expect((await notice()).banners.some((banner) => banner.bannerId === id)).toBe(false);
    const unlinked = body<Banner>(await ops(tokens.content, 'POST', `/content/banners/${id}`, { enabled: true, linkageType: 'NONE' }));
    expect(unlinked.value).toEqual({ ...created.value, linkageType: 'NONE', linkageValue: null });
    expect((await notice()).banners.find((banner) => banner.bannerId === id)).toMatchObject({ linkageType: 'NONE', linkageValue: null });

    const deleted = body<Banner>(await ops(tokens.content, 'DELETE', `/content/banners/${id}`));
    expect(deleted.value).toEqual(unlinked.value);
    expect((await notice()).banners.some((banner) => banner.bannerId === id)).toBe(false);
    expect(body<{ list: Banner[] }>(await ops(tokens.content, 'GET', '/content/banners')).value!.list.some((banner) => banner.id === id)).toBe(false);
    expect((await ops(tokens.content, 'DELETE', `/content/banners/${id}`)).statusCode).toBe(404);

    // Audited once each, the outcome with the row before and after.
    const audit = (await auditOf('banner', id)).filter((row) => row.outcome === 'ok');
    expect(audit).toEqual([
      { action: 'banner.create', outcome: 'ok', target_id: null, detail: { before: null, after: created.value } },
      { action: 'banner.update', outcome: 'ok', target_id: String(id), detail: { before: created.value, after: hidden.value } },
      { action: 'banner.update', outcome: 'ok', target_id: String(id), detail: { before: hidden.value, after: unlinked.value } },
      { action: 'banner.delete', outcome: 'ok', target_id: String(id), detail: { before: unlinked.value, after: null } },
    ]);
    // The started row says what was asked.
    expect((await auditOf('banner', id)).filter((row) => row.outcome === 'started' && row.action === 'banner.update')[0].detail).toEqual({ asked: { enabled: false } });
    const uploads = await auditOf('content_image');
    expect(uploads.filter((row) => row.outcome === 'ok').map((row) => [row.detail.before === null, (row.detail.after as { url: string }).url])).toEqual([
      [true, url],
      [false, url],
      [true, expect.stringMatching(/\.webp$/)],
    ]);
  });

  it('links a banner to a promotion of the merchant, an address, a page or a game', async () => {
    const url = body<{ url: string }>(await ops(tokens.content, 'POST', '/content/banners/images', { image: dataUrl('image/png', PNG) })).value!.url;
    const promotion = (await context.pool.query<{ id: number }>('SELECT id FROM promotion WHERE merchant_id = $1 ORDER BY id LIMIT 1', [context.merchantId])).rows[0].id;
    for (const [linkageType, linkageValue] of [
      ['PROMOTION', String(promotion)],
      ['URL', 'https://affiliates.example/join'],
      ['ROUTE', '/promotions'],
      ['GAME', 'LIVE:EVO'],
      ['GAME', '{"gameType":"RNG","vassalage":"JL","gameCode":"fortune"}'],
    ]) {
      const made = await ops(tokens.content, 'POST', '/content/banners', { group: 'w_games', imageUrl: url, linkageType, linkageValue });
      expect([made.statusCode, body<Banner>(made).value?.linkageValue]).toEqual([200, linkageValue]);
      expect((await ops(tokens.content, 'DELETE', `/content/banners/${body<Banner>(made).value!.id}`)).statusCode).toBe(200);
    }
  });
});

describe('announcements', () => {
  it('are made, changed, scheduled, expired and deleted, the site showing each state on the next request', async () => {
    const created = body<Announcement>(
      await ops(tokens.content, 'POST', '/content/announcements', { type: 'B', title: '  Lucky weekend  ', content: '<p>Double points <b>all weekend</b></p><script>alert(1)</script>' }),
    );
    expect(created.value).toEqual({
      id: expect.any(Number),
      type: 'B',
      title: 'Lucky weekend',
      content: '<p>Double points <b>all weekend</b></p><script>alert(1)</script>',
      popup: false,
      enabled: true,
      publishedAt: expect.any(Number),
      expiresAt: null,
      state: 'shown',
    });
    const id = created.value!.id;
    const shown = (await announcementList()).list[0];
    // Newest first; sanitized on the way out.
    expect(shown).toEqual({ id, type: 'B', title: 'Lucky weekend', content: '<p>Double points <b>all weekend</b></p>', popup: false, createTime: created.value!.publishedAt });
    expect((await notice()).player.some((announcement) => announcement.id === id)).toBe(true);

    const popup = body<Announcement>(await ops(tokens.content, 'POST', `/content/announcements/${id}`, { title: 'Lucky weekend is on', popup: true }));
    expect(popup.value).toEqual({ ...created.value, title: 'Lucky weekend is on', popup: true });
    expect((await announcementList()).popup.find((announcement) => announcement.id === id)?.title).toBe('Lucky weekend is on');

    const now = Date.now();
    const scheduled = body<Announcement>(await ops(tokens.content, 'POST', `/content/announcements/${id}`, { publishedAt: now + 3_600_000 }));
    expect(scheduled.value?.state).toBe('scheduled');
    expect((await announcementList()).list.some((announcement) => announcement.id === id)).toBe(false);
    const expired = body<Announcement>(await ops(tokens.content, 'POST', `/content/announcements/${id}`, { publishedAt: now - 3_600_000, expiresAt: now - 60_000 }));
    expect(expired.value).toMatchObject({ state: 'expired', expiresAt: now - 60_000 });
    expect((await announcementList()).list.some((announcement) => announcement.id === id)).toBe(false);
    const again = body<Announcement>(await ops(tokens.content, 'POST', `/content/announcements/${id}`, { expiresAt: null, type: 'PU' }));
    expect(again.value).toMatchObject({ state: 'shown', type: 'PU', expiresAt: null });
    expect((await announcementList()).list.find((announcement) => announcement.id === id)?.type).toBe('PU');
    expect(body<{ list: Announcement[] }>(await ops(tokens.risk, 'GET', '/content/announcements?type=PU')).value!.list.map((announcement) => announcement.id)).toContain(id);
    expect(body<{ list: Announcement[] }>(await ops(tokens.content, 'GET', '/content/announcements?type=B')).value!.list.some((announcement) => announcement.id === id)).toBe(false);

    const deleted = body<Announcement>(await ops(tokens.content, 'DELETE', `/content/announcements/${id}`));
    expect(deleted.value).toEqual(again.value);
    expect((await announcementList()).list.some((announcement) => announcement.id === id)).toBe(false);
    expect((await notice()).popup.some((announcement) => announcement.id === id)).toBe(false);

    const audit = (await auditOf('announcement', id)).filter((row) => row.outcome === 'ok');
    const stored = (value: Announcement | undefined) => {
      const { state, ...row } = value!;
      void state;
      return row;
    };
    expect(audit).toEqual([
      { action: 'announcement.create', outcome: 'ok', target_id: null, detail: { before: null, after: stored(created.value) } },
      { action: 'announcement.update', outcome: 'ok', target_id: String(id), detail: { before: stored(created.value), after: stored(popup.value) } },
      { action: 'announcement.update', outcome: 'ok', target_id: String(id), detail: { before: stored(popup.value), after: stored(scheduled.value) } },
      { action: 'announcement.update', outcome: 'ok', target_id: String(id), detail: { before: stored(scheduled.value), after: stored(expired.value) } },
      { action: 'announcement.update', outcome: 'ok', target_id: String(id), detail: { before: stored(expired.value), after: stored(again.value) } },
      { action: 'announcement.delete', outcome: 'ok', target_id: String(id), detail: { before: stored(again.value), after: null } },
    ]);
  });
});

describe('refusals', () => {
  const snapshot = async () => {
    const [banners, announcements, images, revision] = await Promise.all([
      context.pool.query('SELECT * FROM banner ORDER BY id'),
      context.pool.query('SELECT * FROM announcement ORDER BY id'),
      context.pool.query('SELECT merchant_id, sha256 FROM content_image ORDER BY sha256'),
      context.pool.query('SELECT revision FROM config_revision'),
    ]);
    return { banners: banners.rows, announcements: announcements.rows, images: images.rows, revision: revision.rows };
  };

  it('refuses bad input with the rule that failed, and writes nothing', async () => {
    const url = body<{ url: string }>(await ops(tokens.content, 'POST', '/content/banners/images', { image: dataUrl('image/png', PNG) })).value!.url;
    const banner = body<Banner>(await ops(tokens.content, 'POST', '/content/banners', { group: 'w_help', imageUrl: url })).value!;
    const announcement = body<Announcement>(await ops(tokens.content, 'POST', '/content/announcements', { type: 'PL', title: 'Kept', content: '<p>Kept</p>' })).value!;
    const before = await snapshot();

    const refused: [string, 'POST' | 'DELETE', string, object, string, RegExp?][] = [
      // Banners.
      ['a group that is no route group', 'POST', '/content/banners', { group: 'home', imageUrl: url }, 'request.param.err'],
      ['no image', 'POST', '/content/banners', { group: 'w_home' }, 'request.param.err'],
      ['a script address', 'POST', '/content/banners', { group: 'w_home', imageUrl: 'javascript:alert(1)' }, 'operator.content.invalid', /path of the site/],
      ['a data address', 'POST', '/content/banners', { group: 'w_home', imageUrl: dataUrl('image/png', PNG) }, 'operator.content.invalid'],
      ['an origin the site may not show', 'POST', '/content/banners', { group: 'w_home', imageUrl: 'https://images.elsewhere.example/a.png' }, 'operator.content.invalid', /images\.elsewhere\.example/],
      ['an upload that was never made', 'POST', '/content/banners', { group: 'w_home', imageUrl: `/wps/content/images/${'a'.repeat(64)}.png` }, 'operator.content.invalid', /upload it again/],
      ['a promotion of no one', 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'PROMOTION', linkageValue: '999999' }, 'operator.content.invalid', /999999/],
      ['a link without its value', 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'ROUTE' }, 'operator.content.invalid'],
      ['a script link', 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'URL', linkageValue: 'javascript:alert(1)' }, 'operator.content.invalid'],
      ['an off-site route', 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'ROUTE', linkageValue: '//evil.example' }, 'operator.content.invalid'],
      ['a game of no form', 'POST', '/content/banners', { group: 'w_home', imageUrl: url, linkageType: 'GAME', linkageValue: 'fortune' }, 'operator.content.invalid'],
      ['an update of nothing', 'POST', `/content/banners/${banner.id}`, {}, 'request.param.err'],
      ['an update breaking the rules', 'POST', `/content/banners/${banner.id}`, { linkageType: 'URL' }, 'operator.content.invalid'],
      // Images.
      ['a gif', 'POST', '/content/banners/images', { image: dataUrl('image/png', GIF) }, 'operator.content.invalid', /not a png, jpg or webp/],
      ['text', 'POST', '/content/banners/images', { image: 'data:text/plain;base64,aGVsbG8=' }, 'operator.content.invalid'],
      ['broken base64', 'POST', '/content/banners/images', { image: 'data:image/png;base64,iVBOR***' }, 'operator.content.invalid'],
      ['over 2 MB', 'POST', '/content/banners/images', { image: dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])) }, 'operator.content.invalid', /2 MB/],
      // Announcements.
      ['a blank title', 'POST', '/content/announcements', { type: 'B', title: '   ', content: '<p>x</p>' }, 'request.param.err'],
      ['an unknown type', 'POST', '/content/announcements', { type: 'X', title: 'T', content: '<p>x</p>' }, 'request.param.err'],
      ['nothing left once sanitized', 'POST', '/content/announcements', { type: 'B', title: 'T', content: '<script>alert(1)</script>' }, 'operator.content.invalid', /empty/],
      ['an end before the start', 'POST', '/content/announcements', { type: 'B', title: 'T', content: '<p>x</p>', publishedAt: 2_000_000_000_000, expiresAt: 1_900_000_000_000 }, 'operator.content.invalid'],
      ['an update ending before it starts', 'POST', `/content/announcements/${announcement.id}`, { expiresAt: announcement.publishedAt }, 'operator.content.invalid'],
      // Rows of no one.
      ['a banner of no one', 'POST', '/content/banners/999999', { enabled: false }, 'not.found'],
      ['a banner of no one deleted', 'DELETE', '/content/banners/999999', {}, 'not.found'],
      ['an announcement of no one', 'POST', '/content/announcements/999999', { title: 'x' }, 'not.found'],
      ['an announcement of no one deleted', 'DELETE', '/content/announcements/999999', {}, 'not.found'],
    ];
    const outcomes = [];
    for (const [what, method, url2, payload, , message] of refused) {
      const response = await ops(tokens.content, method, url2, method === 'DELETE' ? undefined : payload);
      const answer = body(response);
      outcomes.push({ what, status: response.statusCode, errorCode: answer.errorCode, message: message ? message.test(answer.message ?? '') : true });
    }
    expect(outcomes).toEqual(refused.map(([what, , , , errorCode]) => ({ what, status: errorCode === 'not.found' ? 404 : 400, errorCode, message: true })));
    // In the operator's language.
    expect(body(await ops(tokens.content, 'POST', '/content/banners', { group: 'w_home', imageUrl: 'ftp://x' }, { language: 'CN' })).message).toMatch(/^内容无效：/);
    expect(await snapshot()).toEqual(before);
    // A refusal by the rules is audited as refused, what was asked kept.
    const refusedRow = (await context.pool.query<AuditRow>("SELECT action, outcome, target_id, detail FROM operator_action WHERE action = 'banner.update' AND outcome = 'refused' ORDER BY id DESC LIMIT 1")).rows[0];
    expect(refusedRow).toEqual({ action: 'banner.update', outcome: 'refused', target_id: '999999', detail: { asked: { enabled: false } } });
  });

  it("never reads nor writes another merchant's rows: 404, unchanged", async () => {
    const other = (await context.ownerPool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('OTHERBRAND', 'Another brand') RETURNING id")).rows[0].id;
    const banner = (await context.ownerPool.query<{ id: number }>("INSERT INTO banner (merchant_id, group_name, image_url) VALUES ($1, 'w_home', '/assets/logo.svg') RETURNING id", [other])).rows[0].id;
    const announcement = (await context.ownerPool.query<{ id: number }>("INSERT INTO announcement (merchant_id, type, title, content) VALUES ($1, 'B', 'Theirs', '<p>Theirs</p>') RETURNING id", [other])).rows[0].id;
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['POST', `/content/banners/${banner}`, { enabled: false }],
      ['DELETE', `/content/banners/${banner}`, undefined],
      ['POST', `/content/announcements/${announcement}`, { title: 'Mine now' }],
      ['DELETE', `/content/announcements/${announcement}`, undefined],
    ] as const) {
      const response = await ops(tokens.admin, method, url, payload);
      expect([url, response.statusCode, body(response).errorCode]).toEqual([url, 404, 'not.found']);
    }
    expect((await ops(tokens.admin, 'GET', `/content/banners/${banner}/image`)).statusCode).toBe(404);
    expect(body<{ list: Banner[] }>(await ops(tokens.admin, 'GET', '/content/banners')).value!.list.some((row) => row.id === banner)).toBe(false);
    expect(body<{ list: Announcement[] }>(await ops(tokens.admin, 'GET', '/content/announcements')).value!.list.some((row) => row.id === announcement)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('lets content staff write, risk read, and neither cashiers nor support touch it', async () => {
    const before = await snapshot();
    for (const role of ['cashier', 'support'] as const) {
      for (const [method, url] of [['GET', '/content/banners'], ['GET', '/content/announcements'], ['POST', '/content/banners'], ['POST', '/content/announcements'], ['POST', '/content/banners/images']] as const) {
        const response = await ops(tokens[role], method, url, method === 'POST' ? { group: 'w_home', imageUrl: '/assets/logo.svg', type: 'B', title: 'x', content: 'x', image: dataUrl('image/png', PNG) } : undefined);
        expect([role, url, response.statusCode, body(response).errorCode]).toEqual([role, url, 403, 'operator.role.forbidden']);
      }
    }
    expect((await ops(tokens.risk, 'POST', '/content/banners', { group: 'w_home', imageUrl: '/assets/logo.svg' })).statusCode).toBe(403);
    expect((await ops(tokens.risk, 'POST', '/content/announcements', { type: 'B', title: 'x', content: 'x' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    // Admins may.
    const made = body<Banner>(await ops(tokens.admin, 'POST', '/content/banners', { group: 'w_promotion', imageUrl: '/assets/logo.svg', enabled: false }));
    expect(made.success).toBe(true);
    expect((await ops(tokens.admin, 'DELETE', `/content/banners/${made.value!.id}`)).statusCode).toBe(200);
  });
});
