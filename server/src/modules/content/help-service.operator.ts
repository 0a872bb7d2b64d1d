import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { Change } from './content.operator.service';
import { sanitizeHtml } from './sanitize-html';

// The operators' editing of the help centre's articles and the customer-service links (the back
// office's Content section). The site reads both tables as they are (GET /wps/system/helpCenter,
// the customer-service list of GET /wps/system/status); their triggers bump the configuration
// revision (migration 008), so the next player request reads the change. As for banners, a row is
// checked whole as it would be written (an update merged into the stored row first), so a refusal
// changes nothing; every statement names the merchant.

const invalid = (detail: string): AppError => new AppError(400, 'operator.content.invalid', { detail });

export interface HelpArticleRow {
  id: number;
  category: string;
  title: string;
  content: string;
  enabled: boolean;
  sortOrder: number;
}
export type HelpArticleColumns = Omit<HelpArticleRow, 'id'>;
export type HelpArticleInput = Partial<HelpArticleColumns>;

const ARTICLE_COLUMNS = 'id, category, title, content, enabled, sort_order AS "sortOrder"';

export async function listHelpArticles(db: Db, merchantId: number): Promise<HelpArticleRow[]> {
  const result = await db.query<HelpArticleRow>(`SELECT ${ARTICLE_COLUMNS} FROM help_article WHERE merchant_id = $1 ORDER BY sort_order, id`, [merchantId]);
  return result.rows;
}

async function selectArticle(db: Db, merchantId: number, id: number): Promise<HelpArticleRow | undefined> {
  const result = await db.query<HelpArticleRow>(`SELECT ${ARTICLE_COLUMNS} FROM help_article WHERE merchant_id = $1 AND id = $2 FOR UPDATE`, [merchantId, id]);
  return result.rows[0];
}

/** The article as it would be written: `input` over `stored` (or the defaults), checked whole. */
export function checkedHelpArticle(input: HelpArticleInput, stored?: HelpArticleColumns): HelpArticleColumns {
  const merged: HelpArticleColumns = {
    category: (input.category ?? stored?.category ?? '').trim(),
    title: (input.title ?? stored?.title ?? '').trim(),
    content: input.content ?? stored?.content ?? '',
    enabled: input.enabled ?? stored?.enabled ?? true,
    sortOrder: input.sortOrder ?? stored?.sortOrder ?? 0,
  };
  if (merged.category === '') throw invalid('an article needs a category (the help centre groups its articles by it)');
  if (merged.title === '') throw invalid('an article needs a title');
  // The site shows the article sanitized (content.service.ts): what would be left must say something.
  if (sanitizeHtml(merged.content).trim() === '') throw invalid('the content is empty once made safe to show (no script, no event handlers)');
  return merged;
}

const articleNotFound = () => new AppError(404, 'not.found', { detail: 'no such help article' });

export async function createHelpArticle(db: Db, merchantId: number, input: HelpArticleInput): Promise<Change<HelpArticleRow>> {
  const columns = checkedHelpArticle(input);
  const result = await db.query<HelpArticleRow>(
    `INSERT INTO help_article (merchant_id, category, title, content, enabled, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ARTICLE_COLUMNS}`,
    [merchantId, columns.category, columns.title, columns.content, columns.enabled, columns.sortOrder],
  );
  return { before: null, after: result.rows[0], value: result.rows[0] };
}

export function updateHelpArticle(pool: pg.Pool, merchantId: number, id: number, input: HelpArticleInput): Promise<Change<HelpArticleRow>> {
  return withTransaction(pool, async (client) => {
    const before = await selectArticle(client, merchantId, id);
    if (!before) throw articleNotFound();
    const columns = checkedHelpArticle(input, before);
    const result = await client.query<HelpArticleRow>(
      `UPDATE help_article SET category = $3, title = $4, content = $5, enabled = $6, sort_order = $7
        WHERE merchant_id = $1 AND id = $2 RETURNING ${ARTICLE_COLUMNS}`,
      [merchantId, id, columns.category, columns.title, columns.content, columns.enabled, columns.sortOrder],
    );
    return { before, after: result.rows[0], value: result.rows[0] };
  });
}

export function deleteHelpArticle(pool: pg.Pool, merchantId: number, id: number): Promise<Change<HelpArticleRow>> {
  return withTransaction(pool, async (client) => {
    const before = await selectArticle(client, merchantId, id);
    if (!before) throw articleNotFound();
    await client.query('DELETE FROM help_article WHERE merchant_id = $1 AND id = $2', [merchantId, id]);
    return { before, after: null, value: before };
  });
}

/** The kinds of link the site draws (its icon and, for LIVECHAT and VIP, the in-site chat's place). */
export const SERVICE_LINK_KINDS = ['FACEBOOK', 'TELEGRAM', 'LIVECHAT', 'VIP'] as const;
export type ServiceLinkKind = (typeof SERVICE_LINK_KINDS)[number];
/** The `type` number the site's links have carried for each kind (3: the live-support link the support-link flow opens). */
export const SERVICE_LINK_TYPE_OF: Record<ServiceLinkKind, number> = { FACEBOOK: 1, TELEGRAM: 2, LIVECHAT: 3, VIP: 4 };

export interface ServiceLinkRow {
  id: number;
  csType: ServiceLinkKind;
  title: string;
  type: number;
  url: string;
  enabled: boolean;
  sortOrder: number;
}
export type ServiceLinkColumns = Omit<ServiceLinkRow, 'id'>;
export type ServiceLinkInput = Partial<ServiceLinkColumns>;

const LINK_COLUMNS = 'id, cs_type AS "csType", title, type, url, enabled, sort_order AS "sortOrder"';

export async function listServiceLinks(db: Db, merchantId: number): Promise<ServiceLinkRow[]> {
  const result = await db.query<ServiceLinkRow>(`SELECT ${LINK_COLUMNS} FROM customer_service WHERE merchant_id = $1 ORDER BY sort_order, id`, [merchantId]);
  return result.rows;
}

async function selectLink(db: Db, merchantId: number, id: number): Promise<ServiceLinkRow | undefined> {
  const result = await db.query<ServiceLinkRow>(`SELECT ${LINK_COLUMNS} FROM customer_service WHERE merchant_id = $1 AND id = $2 FOR UPDATE`, [merchantId, id]);
  return result.rows[0];
}

/**
 * The link as it would be written, checked whole. The site opens it in a new tab for the player:
 * only an http(s) address (a javascript: or data: one would run in the site's page).
 */
export function checkedServiceLink(input: ServiceLinkInput, stored?: ServiceLinkColumns): ServiceLinkColumns {
  const csType = input.csType ?? stored?.csType ?? 'LIVECHAT';
  const merged: ServiceLinkColumns = {
    csType,
    title: (input.title ?? stored?.title ?? '').trim(),
    // A new kind without its own number takes the kind's; a number given is kept as given.
    type: input.type ?? (input.csType !== undefined && stored?.csType !== input.csType ? SERVICE_LINK_TYPE_OF[csType] : (stored?.type ?? SERVICE_LINK_TYPE_OF[csType])),
    url: (input.url ?? stored?.url ?? '').trim(),
    enabled: input.enabled ?? stored?.enabled ?? true,
    sortOrder: input.sortOrder ?? stored?.sortOrder ?? 0,
  };
  if (merged.title === '') throw invalid('a link needs a title');
  let url: URL | undefined;
  try {
    url = new URL(merged.url);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || /[\s\u0000-\u001f\u007f]/.test(merged.url)) throw invalid('the link must be an http(s) address');
  return merged;
}

const linkNotFound = () => new AppError(404, 'not.found', { detail: 'no such customer-service link' });

export async function createServiceLink(db: Db, merchantId: number, input: ServiceLinkInput): Promise<Change<ServiceLinkRow>> {
  const columns = checkedServiceLink(input);
  const result = await db.query<ServiceLinkRow>(
    `INSERT INTO customer_service (merchant_id, cs_type, title, type, url, enabled, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${LINK_COLUMNS}`,
    [merchantId, columns.csType, columns.title, columns.type, columns.url, columns.enabled, columns.sortOrder],
  );
  return { before: null, after: result.rows[0], value: result.rows[0] };
}

export function updateServiceLink(pool: pg.Pool, merchantId: number, id: number, input: ServiceLinkInput): Promise<Change<ServiceLinkRow>> {
  return withTransaction(pool, async (client) => {
    const before = await selectLink(client, merchantId, id);
    if (!before) throw linkNotFound();
    const columns = checkedServiceLink(input, before);
    const result = await client.query<ServiceLinkRow>(
      `UPDATE customer_service SET cs_type = $3, title = $4, type = $5, url = $6, enabled = $7, sort_order = $8
        WHERE merchant_id = $1 AND id = $2 RETURNING ${LINK_COLUMNS}`,
      [merchantId, id, columns.csType, columns.title, columns.type, columns.url, columns.enabled, columns.sortOrder],
    );
    return { before, after: result.rows[0], value: result.rows[0] };
  });
}

export function deleteServiceLink(pool: pg.Pool, merchantId: number, id: number): Promise<Change<ServiceLinkRow>> {
  return withTransaction(pool, async (client) => {
    const before = await selectLink(client, merchantId, id);
    if (!before) throw linkNotFound();
    await client.query('DELETE FROM customer_service WHERE merchant_id = $1 AND id = $2', [merchantId, id]);
    return { before, after: null, value: before };
  });
}
