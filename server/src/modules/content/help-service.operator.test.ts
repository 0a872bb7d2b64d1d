import type { Envelope, HelpCenterEntry, SystemStatus } from '@platform/contract';
import CryptoJS from 'crypto-js';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, untilConfigurationHeard, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';

// Help-centre articles and customer-service links through the operator API on a real PostgreSQL:
// made, changed and deleted by content staff, each change audited once with the row before and
// after; what players read (the help centre, the site's customer-service links) changes on the very
// next request; bad input and other merchants' rows are refused with nothing written; risk reads.

let context: TestContext;
const tokens: Record<'content' | 'risk' | 'support' | 'admin', string> = { content: '', risk: '', support: '', admin: '' };

beforeAll(async () => {
  context = await createTestApp();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `help_${role}`, role })).token;
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** What the help page reads. */
const helpCentre = async () => body<{ list: HelpCenterEntry[] }>(await context.app.inject({ method: 'GET', url: '/wps/system/helpCenter' })).value!.list;
/** Until the app has heard of the change (the site's status is cached per configuration revision). */
const settled = () => untilConfigurationHeard(context.pool, context.app);

/** The site's customer-service links as the browser reads them: the path decrypted with the key it ends with. */
const siteLinks = async () =>
  (await settled(), body<SystemStatus>(await context.app.inject({ method: 'GET', url: '/wps/system/status' })).value!.info.customerService.map((link) => ({
    csType: link.csType,
    title: link.title,
    type: link.type,
    url: CryptoJS.AES.decrypt(link.path.slice(0, -8), link.path.slice(-8)).toString(CryptoJS.enc.Utf8),
  })));

interface Article { id: number; category: string; title: string; content: string; enabled: boolean; sortOrder: number }
interface Link { id: number; csType: string; title: string; type: number; url: string; enabled: boolean; sortOrder: number }
interface AuditRow { action: string; outcome: string; target_id: string | null; detail: Record<string, unknown> }

const auditOf = async (targetType: string, id: number) =>
  (
    await context.pool.query<AuditRow>(
      `SELECT action, outcome, target_id, detail FROM operator_action
        WHERE target_type = $1 AND outcome = 'ok' AND (target_id = $2 OR detail -> 'after' ->> 'id' = $2 OR detail -> 'before' ->> 'id' = $2) ORDER BY id`,
      [targetType, String(id)],
    )
  ).rows;

const snapshot = async () => {
  const [articles, links, audits] = await Promise.all([
    context.ownerPool.query('SELECT * FROM help_article ORDER BY id'),
    context.ownerPool.query('SELECT * FROM customer_service ORDER BY id'),
    context.ownerPool.query("SELECT count(*)::int AS n FROM operator_action WHERE outcome = 'ok'"),
  ]);
  return { articles: articles.rows, links: links.rows, audits: audits.rows[0] };
};

describe('help-centre articles', () => {
  it('are made, changed and deleted, each audited once, and the help page reads the change on the next request', async () => {
    const created = body<Article>(await ops(tokens.content, 'POST', '/content/help-articles', { category: ' Deposits ', title: 'How long does a deposit take?', content: '<p>Minutes.</p><script>alert(1)</script>', sortOrder: -10 }));
    expect(created.value).toEqual({ id: expect.any(Number), category: 'Deposits', title: 'How long does a deposit take?', content: '<p>Minutes.</p><script>alert(1)</script>', enabled: true, sortOrder: -10 });
    const id = created.value!.id;
    // First in the site's order, and sanitized on the way out.
    expect((await helpCentre())[0]).toEqual({ id, category: 'Deposits', title: 'How long does a deposit take?', content: '<p>Minutes.</p>' });
    expect(body<{ list: Article[] }>(await ops(tokens.risk, 'GET', '/content/help-articles')).value!.list[0]).toEqual(created.value);

    const hidden = body<Article>(await ops(tokens.content, 'POST', `/content/help-articles/${id}`, { enabled: false }));
    expect(hidden.value).toEqual({ ...created.value, enabled: false });
    expect((await helpCentre()).some((article) => article.id === id)).toBe(false);
    const edited = body<Article>(await ops(tokens.content, 'POST', `/content/help-articles/${id}`, { enabled: true, title: 'Deposit times' }));
    expect((await helpCentre()).find((article) => article.id === id)?.title).toBe('Deposit times');

    const deleted = body<Article>(await ops(tokens.content, 'DELETE', `/content/help-articles/${id}`));
    expect(deleted.value).toEqual(edited.value);
    expect((await helpCentre()).some((article) => article.id === id)).toBe(false);

    expect(await auditOf('help_article', id)).toEqual([
      { action: 'help_article.create', outcome: 'ok', target_id: null, detail: { before: null, after: created.value } },
      { action: 'help_article.update', outcome: 'ok', target_id: String(id), detail: { before: created.value, after: hidden.value } },
      { action: 'help_article.update', outcome: 'ok', target_id: String(id), detail: { before: hidden.value, after: edited.value } },
      { action: 'help_article.delete', outcome: 'ok', target_id: String(id), detail: { before: edited.value, after: null } },
    ]);
  });
});

describe('customer-service links', () => {
  it('are made, changed and deleted, each audited once, and the site reads the change on the next request', async () => {
    const created = body<Link>(await ops(tokens.content, 'POST', '/content/service-links', { csType: 'TELEGRAM', title: 'Telegram VIP desk', url: 'https://t.me/vip_desk', sortOrder: -10 }));
    expect(created.value).toEqual({ id: expect.any(Number), csType: 'TELEGRAM', title: 'Telegram VIP desk', type: 2, url: 'https://t.me/vip_desk', enabled: true, sortOrder: -10 });
    const id = created.value!.id;
    expect((await siteLinks())[0]).toEqual({ csType: 'TELEGRAM', title: 'Telegram VIP desk', type: 2, url: 'https://t.me/vip_desk' });

    // Another kind: its number follows unless one is given.
    const changed = body<Link>(await ops(tokens.content, 'POST', `/content/service-links/${id}`, { csType: 'FACEBOOK', url: 'https://m.me/vip.desk' }));
    expect(changed.value).toEqual({ ...created.value, csType: 'FACEBOOK', type: 1, url: 'https://m.me/vip.desk' });
    expect((await siteLinks())[0]).toEqual({ csType: 'FACEBOOK', title: 'Telegram VIP desk', type: 1, url: 'https://m.me/vip.desk' });
    const hidden = body<Link>(await ops(tokens.content, 'POST', `/content/service-links/${id}`, { enabled: false }));
    expect((await siteLinks()).some((link) => link.url === 'https://m.me/vip.desk')).toBe(false);

    const deleted = body<Link>(await ops(tokens.content, 'DELETE', `/content/service-links/${id}`));
    expect(deleted.value).toEqual(hidden.value);
    expect(body<{ list: Link[] }>(await ops(tokens.risk, 'GET', '/content/service-links')).value!.list.some((link) => link.id === id)).toBe(false);

    expect(await auditOf('service_link', id)).toEqual([
      { action: 'service_link.create', outcome: 'ok', target_id: null, detail: { before: null, after: created.value } },
      { action: 'service_link.update', outcome: 'ok', target_id: String(id), detail: { before: created.value, after: changed.value } },
      { action: 'service_link.update', outcome: 'ok', target_id: String(id), detail: { before: changed.value, after: hidden.value } },
      { action: 'service_link.delete', outcome: 'ok', target_id: String(id), detail: { before: hidden.value, after: null } },
    ]);
  });
});

describe('refusals', () => {
  it('refuses bad input with the rule that failed, and changes nothing', async () => {
    const article = body<Article>(await ops(tokens.content, 'POST', '/content/help-articles', { category: 'Account', title: 'Passwords', content: '<p>Reset it.</p>' })).value!;
    const link = body<Link>(await ops(tokens.content, 'POST', '/content/service-links', { csType: 'LIVECHAT', title: 'Chat', url: 'https://chat.example/' })).value!;
    const before = await snapshot();
    const refused: [string, 'POST' | 'DELETE', string, object | undefined, string][] = [
      ['an article without content once sanitized', 'POST', '/content/help-articles', { category: 'A', title: 'T', content: '<script>alert(1)</script>' }, 'operator.content.invalid'],
      ['an article with a blank title', 'POST', '/content/help-articles', { category: 'A', title: '   ', content: '<p>x</p>' }, 'request.param.err'],
      ['an article without a category', 'POST', '/content/help-articles', { title: 'T', content: '<p>x</p>' }, 'request.param.err'],
      ['an update emptying the content', 'POST', `/content/help-articles/${article.id}`, { content: '<script>alert(1)</script>' }, 'operator.content.invalid'],
      ['an article of no one', 'POST', '/content/help-articles/999999', { title: 'x' }, 'not.found'],
      ['an article of no one deleted', 'DELETE', '/content/help-articles/999999', undefined, 'not.found'],
      ['a javascript: link', 'POST', '/content/service-links', { csType: 'VIP', title: 'VIP', url: 'javascript:alert(1)' }, 'operator.content.invalid'],
      ['a link that is no address', 'POST', `/content/service-links/${link.id}`, { url: 'chat desk' }, 'operator.content.invalid'],
      ['an unknown kind', 'POST', '/content/service-links', { csType: 'WHATSAPP', title: 'W', url: 'https://wa.me/1' }, 'request.param.err'],
      ['a link of no one', 'POST', '/content/service-links/999999', { title: 'x' }, 'not.found'],
    ];
    const outcomes = [];
    for (const [what, method, url, payload] of refused) {
      const response = await ops(tokens.content, method, url, payload);
      outcomes.push({ what, status: response.statusCode, errorCode: body(response).errorCode });
    }
    expect(outcomes).toEqual(refused.map(([what, , , , errorCode]) => ({ what, status: errorCode === 'not.found' ? 404 : 400, errorCode })));
    expect(body(await ops(tokens.content, 'POST', '/content/service-links', { csType: 'VIP', title: 'VIP', url: 'javascript:alert(1)' })).message).toMatch(/http\(s\)/);
    expect(await snapshot()).toEqual(before);
  });

  it("never reads nor writes another merchant's rows, and only content staff write", async () => {
    const other = (await context.ownerPool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('HELPOTHER', 'Another brand') RETURNING id")).rows[0].id;
    const article = (await context.ownerPool.query<{ id: number }>("INSERT INTO help_article (merchant_id, category, title, content) VALUES ($1, 'Theirs', 'Theirs', '<p>Theirs</p>') RETURNING id", [other])).rows[0].id;
    const link = (await context.ownerPool.query<{ id: number }>("INSERT INTO customer_service (merchant_id, cs_type, title, type, url) VALUES ($1, 'VIP', 'Theirs', 4, 'https://theirs.example/') RETURNING id", [other])).rows[0].id;
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['POST', `/content/help-articles/${article}`, { title: 'Mine now' }],
      ['DELETE', `/content/help-articles/${article}`, undefined],
      ['POST', `/content/service-links/${link}`, { title: 'Mine now' }],
      ['DELETE', `/content/service-links/${link}`, undefined],
    ] as const) {
      const response = await ops(tokens.admin, method, url, payload);
      expect([url, response.statusCode, body(response).errorCode]).toEqual([url, 404, 'not.found']);
    }
    expect(body<{ list: Article[] }>(await ops(tokens.admin, 'GET', '/content/help-articles')).value!.list.some((row) => row.id === article)).toBe(false);
    expect(body<{ list: Link[] }>(await ops(tokens.admin, 'GET', '/content/service-links')).value!.list.some((row) => row.id === link)).toBe(false);
    for (const [token, method, url] of [
      [tokens.support, 'GET', '/content/help-articles'],
      [tokens.support, 'GET', '/content/service-links'],
      [tokens.risk, 'POST', '/content/help-articles'],
      [tokens.risk, 'POST', '/content/service-links'],
    ] as const) {
      const response = await ops(token, method, url, method === 'POST' ? { category: 'A', title: 'T', content: '<p>x</p>', csType: 'VIP', url: 'https://x.example/' } : undefined);
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
