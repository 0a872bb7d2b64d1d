import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { PUBLIC_ASSETS_DIR } from '../../paths';
import { getContentSources } from '../system';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_PATH, ContentImageRefusal, contentImageUrl, decodeContentImage, imageTypeOf, parseContentImageUrl } from './content-image';
import * as queries from './content.operator.queries';
import type { AnnouncementColumns, AnnouncementRow, BannerColumns, BannerLinkageType, BannerRow } from './content.operator.queries';
import type { AnnouncementType } from './content.queries';
import { sanitizeHtml } from './sanitize-html';

// The operators' editing of banners and announcements (the back office's Content section): the
// rules a row must keep to be shown as the site shows it, checked on the whole row as it would be
// written (an update is merged into the stored row first), so a refusal changes nothing. Each
// change answers the row before and after it, for the audit trail.

/** The banner groups the site's pages show (shell/src/app/route-table.ts, the remotes' routes.json `banner`). */
export const BANNER_GROUPS = ['w_home', 'w_games', 'w_promotion', 'w_help'] as const;

/** Where an announcement of each type is shown (content.service.ts, the shell's announcement list and popup). */
export const ANNOUNCEMENT_TYPE_USES: Record<AnnouncementType, string> = {
  B: 'bulletin: the home page notices and the announcement list',
  PL: 'player notice: the home page notices and the announcement list',
  PU: 'public notice: the announcement list',
  PR: 'promotion notice: the announcement list',
  H: 'help: not in the site\'s announcement list (asked for by name only)',
};

const invalid = (detail: string): AppError => new AppError(400, 'operator.content.invalid', { detail });

const MAX_URL = 2000;
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f]/;

/** The operator's merchant, enough to read its image origins (no configuration cache: never cached without a revision). */
export interface ContentMerchant {
  id: number;
  code: string;
}

/** A change's row before and after it (null: created or deleted), and what the route answers. */
export interface Change<T> {
  before: T | null;
  after: T | null;
  value: T;
}

function webUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A banner image address the site's pages can show: a path of the site (its own images, an upload,
 * or a path under its image CDN, as the shell resolves it), or an http(s) address on an image
 * origin its Content-Security-Policy allows (img-src: the image CDNs and the image base URL). An
 * upload must be one of this merchant's.
 */
async function checkImageUrl(db: Db, merchant: ContentMerchant, imageUrl: string): Promise<void> {
  if (imageUrl.length > MAX_URL || CONTROL_OR_SPACE.test(imageUrl)) throw invalid('the image address is too long or has spaces in it');
  if (imageUrl.startsWith('/') && !imageUrl.startsWith('//')) {
    const upload = parseContentImageUrl(imageUrl);
    if (imageUrl.startsWith(`${CONTENT_IMAGE_PATH}/`) && !upload) throw invalid('the image address names no uploaded image');
    if (upload && !(await queries.contentImageExists(db, merchant.id, upload.sha256))) throw invalid('the image was not uploaded to this site: upload it again');
    return;
  }
  const url = webUrl(imageUrl);
  if (!url) throw invalid('the image address must be a path of the site (/…) or an http(s) address');
  const { imageUrls } = await getContentSources(db, { id: merchant.id, code: merchant.code, name: merchant.code });
  const allowed = imageUrls.some((source) => webUrl(source)?.origin === url.origin);
  if (!allowed) throw invalid(`the site may show images only from its own origin and its image CDNs, not from ${url.origin}: upload the image instead`);
}

const GAME_LINK = /^[A-Za-z0-9_]{1,32}:[A-Za-z0-9_.-]{1,64}(:[A-Za-z0-9_.-]{1,128})?$/;

/** The link's value as stored (null for NONE), refused when the site could not follow it. */
async function checkLinkage(db: Db, merchantId: number, type: BannerLinkageType, raw: string | null): Promise<string | null> {
  if (type === 'NONE') return null;
  const value = (raw ?? '').trim();
  if (value === '') throw invalid(`a ${type} link needs its value`);
  switch (type) {
    case 'PROMOTION':
      if (!/^[1-9][0-9]{0,9}$/.test(value) || !(await queries.promotionExists(db, merchantId, Number(value)))) throw invalid(`promotion ${value} does not exist`);
      return value;
    case 'URL':
      if (value.length > MAX_URL || CONTROL_OR_SPACE.test(value) || !webUrl(value)) throw invalid('a URL link must be an http(s) address');
      return value;
    case 'ROUTE':
      if (!value.startsWith('/') || value.startsWith('//') || value.length > 500 || CONTROL_OR_SPACE.test(value)) throw invalid('a ROUTE link must be a path of the site, starting with /');
      return value;
    case 'GAME': {
      if (GAME_LINK.test(value)) return value;
      try {
        const game = JSON.parse(value) as { gameType?: unknown; vassalage?: unknown };
        if (typeof game.gameType === 'string' && typeof game.vassalage === 'string' && value.length <= 500) return value;
      } catch {
        // Refused below.
      }
      throw invalid('a GAME link is gameType:vassalage[:gameCode] (LIVE:EVO) or JSON with gameType and vassalage');
    }
  }
}

export type BannerInput = Partial<BannerColumns>;

/** The banner as it would be written: `input` over `stored` (or the defaults), checked whole. */
export async function checkedBanner(db: Db, merchant: ContentMerchant, input: BannerInput, stored?: BannerColumns): Promise<BannerColumns> {
  const merged: BannerColumns = {
    group: input.group ?? stored?.group ?? '',
    imageUrl: (input.imageUrl ?? stored?.imageUrl ?? '').trim(),
    linkageType: input.linkageType ?? stored?.linkageType ?? 'NONE',
    linkageValue: input.linkageValue !== undefined ? input.linkageValue : (stored?.linkageValue ?? null),
    enabled: input.enabled ?? stored?.enabled ?? true,
    sortOrder: input.sortOrder ?? stored?.sortOrder ?? 0,
  };
  if (!/^w_[a-z][a-z0-9_]{0,39}$/.test(merged.group)) throw invalid('the group is w_ and a name (w_home, w_games, w_promotion, w_help)');
  if (merged.imageUrl === '') throw invalid('a banner needs an image');
  await checkImageUrl(db, merchant, merged.imageUrl);
  merged.linkageValue = await checkLinkage(db, merchant.id, merged.linkageType, merged.linkageValue);
  return merged;
}

const bannerNotFound = () => new AppError(404, 'not.found', { detail: 'no such banner' });

export const listBanners = (db: Db, merchantId: number, group?: string): Promise<BannerRow[]> => queries.selectBannerRows(db, merchantId, group);

/** The groups to offer: the site's, and any other a banner of the merchant is in. */
export async function bannerGroups(db: Db, merchantId: number): Promise<string[]> {
  const used = await queries.selectBannerGroups(db, merchantId);
  return [...BANNER_GROUPS, ...used.filter((group) => !(BANNER_GROUPS as readonly string[]).includes(group))];
}

export async function createBanner(pool: pg.Pool, merchant: ContentMerchant, input: BannerInput): Promise<Change<BannerRow>> {
  const columns = await checkedBanner(pool, merchant, input);
  const created = await queries.insertBanner(pool, merchant.id, columns);
  return { before: null, after: created, value: created };
}

export function updateBanner(pool: pg.Pool, merchant: ContentMerchant, id: number, input: BannerInput): Promise<Change<BannerRow>> {
  return withTransaction(pool, async (client) => {
    const before = await queries.selectBannerRow(client, merchant.id, id, true);
    if (!before) throw bannerNotFound();
    const columns = await checkedBanner(client, merchant, input, before);
    const after = await queries.updateBanner(client, merchant.id, id, columns);
    return { before, after, value: after };
  });
}

export function deleteBanner(pool: pg.Pool, merchantId: number, id: number): Promise<Change<BannerRow>> {
  return withTransaction(pool, async (client) => {
    const before = await queries.selectBannerRow(client, merchantId, id, true);
    if (!before) throw bannerNotFound();
    await queries.deleteBanner(client, merchantId, id);
    return { before, after: null, value: before };
  });
}

export interface UploadedImage {
  url: string;
  contentType: string;
  size: number;
}

/** Keeps an uploaded image (the same bytes again: the same address) and answers its address. */
export async function uploadImage(db: Db, merchantId: number, operatorId: number, dataUrl: string, nowMs: number): Promise<Change<UploadedImage>> {
  let image;
  try {
    image = decodeContentImage(dataUrl);
  } catch (error) {
    if (error instanceof ContentImageRefusal) throw invalid(error.message);
    throw error;
  }
  const uploaded: UploadedImage = { url: contentImageUrl(image.sha256, image.contentType), contentType: image.contentType, size: image.bytes.length };
  const isNew = await queries.insertContentImage(db, { merchantId, sha256: image.sha256, contentType: image.contentType, bytes: image.bytes, operatorId, nowMs });
  return { before: isNew ? null : uploaded, after: uploaded, value: uploaded };
}

/** An uploaded image of the merchant by its address's last segment, for the site to serve. */
export async function contentImage(db: Db, merchantId: number, name: string): Promise<queries.StoredImage | undefined> {
  const parsed = parseContentImageUrl(`${CONTENT_IMAGE_PATH}/${name}`);
  if (!parsed) return undefined;
  const stored = await queries.selectContentImage(db, merchantId, parsed.sha256);
  // The extension is part of the address: another one names nothing.
  return stored && stored.contentType === parsed.contentType ? stored : undefined;
}

/** A file of the site's own images (/assets/…: the seed's banners), read for a preview; undefined for anything else. */
async function assetImage(url: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  if (!url.startsWith('/assets/')) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice('/assets/'.length).split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  const file = path.resolve(PUBLIC_ASSETS_DIR, relative);
  if (!file.startsWith(`${PUBLIC_ASSETS_DIR}${path.sep}`)) return undefined;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > CONTENT_IMAGE_MAX_BYTES) return undefined;
    const bytes = await fs.readFile(file);
    const contentType = file.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : imageTypeOf(bytes);
    return contentType ? { contentType, bytes } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A banner's image as the site holds it (an upload, or a file of its /assets/), for the back
 * office's preview: it is served on another origin than the site, whose images its page may not
 * load. 404 for an image the site does not hold (an image CDN's address).
 */
export async function bannerImagePreview(db: Db, merchantId: number, id: number): Promise<{ contentType: string; bytes: Buffer }> {
  const banner = await queries.selectBannerRow(db, merchantId, id);
  if (!banner) throw bannerNotFound();
  const upload = parseContentImageUrl(banner.imageUrl);
  const stored = upload ? await queries.selectContentImage(db, merchantId, upload.sha256) : undefined;
  const image = stored ? { contentType: stored.contentType, bytes: stored.image } : await assetImage(banner.imageUrl);
  if (!image) throw new AppError(404, 'not.found', { detail: 'the image is not held by the site itself' });
  return image;
}

export type AnnouncementInput = Partial<AnnouncementColumns>;

/** The announcement as it would be written: `input` over `stored` (or the defaults), checked whole. */
export function checkedAnnouncement(input: AnnouncementInput, nowMs: number, stored?: AnnouncementColumns): AnnouncementColumns {
  const merged: AnnouncementColumns = {
    type: input.type ?? stored?.type ?? 'B',
    title: (input.title ?? stored?.title ?? '').trim(),
    content: input.content ?? stored?.content ?? '',
    popup: input.popup ?? stored?.popup ?? false,
    enabled: input.enabled ?? stored?.enabled ?? true,
    publishedAt: input.publishedAt ?? stored?.publishedAt ?? nowMs,
    expiresAt: input.expiresAt !== undefined ? input.expiresAt : (stored?.expiresAt ?? null),
  };
  if (merged.title === '') throw invalid('an announcement needs a title');
  if (sanitizeHtml(merged.content).trim() === '') throw invalid('the content is empty once made safe to show (no script, no event handlers)');
  if (merged.expiresAt !== null && merged.expiresAt <= merged.publishedAt) throw invalid('it must stop being shown after it starts');
  return merged;
}

/** Where an announcement stands at `nowMs`: what the site does with it. */
export function announcementState(row: Pick<AnnouncementRow, 'enabled' | 'publishedAt' | 'expiresAt'>, nowMs: number): 'disabled' | 'scheduled' | 'shown' | 'expired' {
  if (!row.enabled) return 'disabled';
  if (row.publishedAt > nowMs) return 'scheduled';
  if (row.expiresAt !== null && row.expiresAt <= nowMs) return 'expired';
  return 'shown';
}

const announcementNotFound = () => new AppError(404, 'not.found', { detail: 'no such announcement' });

export const listAnnouncementRows = (db: Db, merchantId: number, type: AnnouncementType | undefined, limit: number): Promise<AnnouncementRow[]> =>
  queries.selectAnnouncementRows(db, merchantId, type, limit);

export async function createAnnouncement(db: Db, merchantId: number, input: AnnouncementInput, nowMs: number): Promise<Change<AnnouncementRow>> {
  const created = await queries.insertAnnouncement(db, merchantId, checkedAnnouncement(input, nowMs));
  return { before: null, after: created, value: created };
}

export function updateAnnouncement(pool: pg.Pool, merchantId: number, id: number, input: AnnouncementInput, nowMs: number): Promise<Change<AnnouncementRow>> {
  return withTransaction(pool, async (client) => {
    const before = await queries.selectAnnouncementRow(client, merchantId, id, true);
    if (!before) throw announcementNotFound();
    const after = await queries.updateAnnouncement(client, merchantId, id, checkedAnnouncement(input, nowMs, before));
    return { before, after, value: after };
  });
}

export function deleteAnnouncement(pool: pg.Pool, merchantId: number, id: number): Promise<Change<AnnouncementRow>> {
  return withTransaction(pool, async (client) => {
    const before = await queries.selectAnnouncementRow(client, merchantId, id, true);
    if (!before) throw announcementNotFound();
    await queries.deleteAnnouncement(client, merchantId, id);
    return { before, after: null, value: before };
  });
}
