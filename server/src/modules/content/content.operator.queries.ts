import type { Db } from '../../db/pool';
import type { AnnouncementType } from './content.queries';
import type { ContentImageType } from './content-image';

// SQL of the operators' content editing (content.operator-routes.ts): every row of the merchant,
// enabled or not, published or not. Every statement names the merchant: another merchant's row is
// never read nor written. The tables' triggers bump the configuration revision (migration 008), so
// a change is what the next player request reads.

export const BANNER_LINKAGE_TYPES = ['NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME'] as const;
export type BannerLinkageType = (typeof BANNER_LINKAGE_TYPES)[number];

export interface BannerRow {
  id: number;
  group: string;
  imageUrl: string;
  linkageType: BannerLinkageType;
  linkageValue: string | null;
  enabled: boolean;
  sortOrder: number;
}

/** A banner's columns as written. */
export type BannerColumns = Omit<BannerRow, 'id'>;

const BANNER_COLUMNS = `id, group_name AS "group", image_url AS "imageUrl", linkage_type AS "linkageType",
  linkage_value AS "linkageValue", enabled, sort_order AS "sortOrder"`;

export async function selectBannerRows(db: Db, merchantId: number, group?: string): Promise<BannerRow[]> {
  const result = await db.query<BannerRow>(
    `SELECT ${BANNER_COLUMNS} FROM banner
      WHERE merchant_id = $1 AND ($2::text IS NULL OR group_name = $2)
      ORDER BY group_name, sort_order, id`,
    [merchantId, group ?? null],
  );
  return result.rows;
}

export async function selectBannerRow(db: Db, merchantId: number, id: number, forUpdate = false): Promise<BannerRow | undefined> {
  const result = await db.query<BannerRow>(`SELECT ${BANNER_COLUMNS} FROM banner WHERE merchant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [merchantId, id]);
  return result.rows[0];
}

export async function selectBannerGroups(db: Db, merchantId: number): Promise<string[]> {
  const result = await db.query<{ group: string }>('SELECT DISTINCT group_name AS "group" FROM banner WHERE merchant_id = $1 ORDER BY 1', [merchantId]);
  return result.rows.map((row) => row.group);
}

export async function insertBanner(db: Db, merchantId: number, banner: BannerColumns): Promise<BannerRow> {
  const result = await db.query<BannerRow>(
    `INSERT INTO banner (merchant_id, group_name, image_url, linkage_type, linkage_value, enabled, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${BANNER_COLUMNS}`,
    [merchantId, banner.group, banner.imageUrl, banner.linkageType, banner.linkageValue, banner.enabled, banner.sortOrder],
  );
  return result.rows[0];
}

export async function updateBanner(db: Db, merchantId: number, id: number, banner: BannerColumns): Promise<BannerRow> {
  const result = await db.query<BannerRow>(
    `UPDATE banner SET group_name = $3, image_url = $4, linkage_type = $5, linkage_value = $6, enabled = $7, sort_order = $8
      WHERE merchant_id = $1 AND id = $2 RETURNING ${BANNER_COLUMNS}`,
    [merchantId, id, banner.group, banner.imageUrl, banner.linkageType, banner.linkageValue, banner.enabled, banner.sortOrder],
  );
  return result.rows[0];
}

export async function deleteBanner(db: Db, merchantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM banner WHERE merchant_id = $1 AND id = $2', [merchantId, id]);
}

/** Whether the merchant has a promotion with this id (a PROMOTION banner's link). */
export async function promotionExists(db: Db, merchantId: number, id: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM promotion WHERE merchant_id = $1 AND id = $2', [merchantId, id]);
  return (result.rowCount ?? 0) > 0;
}

export interface AnnouncementRow {
  id: number;
  type: AnnouncementType;
  title: string;
  content: string;
  popup: boolean;
  enabled: boolean;
  publishedAt: number;
  expiresAt: number | null;
}

export type AnnouncementColumns = Omit<AnnouncementRow, 'id'>;

interface StoredAnnouncement {
  id: number;
  type: AnnouncementType;
  title: string;
  content: string;
  popup: boolean;
  enabled: boolean;
  published_at: Date;
  expires_at: Date | null;
}

const ANNOUNCEMENT_COLUMNS = 'id, type, title, content, popup, enabled, published_at, expires_at';

const toAnnouncementRow = (row: StoredAnnouncement): AnnouncementRow => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  popup: row.popup,
  enabled: row.enabled,
  publishedAt: row.published_at.getTime(),
  expiresAt: row.expires_at ? row.expires_at.getTime() : null,
});

/** The merchant's announcements (of one type, when given), newest publication first. */
export async function selectAnnouncementRows(db: Db, merchantId: number, type: AnnouncementType | undefined, limit: number): Promise<AnnouncementRow[]> {
  const result = await db.query<StoredAnnouncement>(
    `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcement
      WHERE merchant_id = $1 AND ($2::text IS NULL OR type = $2)
      ORDER BY published_at DESC, id DESC LIMIT $3`,
    [merchantId, type ?? null, limit],
  );
  return result.rows.map(toAnnouncementRow);
}

export async function selectAnnouncementRow(db: Db, merchantId: number, id: number, forUpdate = false): Promise<AnnouncementRow | undefined> {
  const result = await db.query<StoredAnnouncement>(
    `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcement WHERE merchant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [merchantId, id],
  );
  return result.rows[0] ? toAnnouncementRow(result.rows[0]) : undefined;
}

const announcementValues = (announcement: AnnouncementColumns) => [
  announcement.type,
  announcement.title,
  announcement.content,
  announcement.popup,
  announcement.enabled,
  new Date(announcement.publishedAt),
  announcement.expiresAt === null ? null : new Date(announcement.expiresAt),
];

export async function insertAnnouncement(db: Db, merchantId: number, announcement: AnnouncementColumns): Promise<AnnouncementRow> {
  const result = await db.query<StoredAnnouncement>(
    `INSERT INTO announcement (merchant_id, type, title, content, popup, enabled, published_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ANNOUNCEMENT_COLUMNS}`,
    [merchantId, ...announcementValues(announcement)],
  );
  return toAnnouncementRow(result.rows[0]);
}

export async function updateAnnouncement(db: Db, merchantId: number, id: number, announcement: AnnouncementColumns): Promise<AnnouncementRow> {
  const result = await db.query<StoredAnnouncement>(
    `UPDATE announcement SET type = $3, title = $4, content = $5, popup = $6, enabled = $7, published_at = $8, expires_at = $9
      WHERE merchant_id = $1 AND id = $2 RETURNING ${ANNOUNCEMENT_COLUMNS}`,
    [merchantId, id, ...announcementValues(announcement)],
  );
  return toAnnouncementRow(result.rows[0]);
}

export async function deleteAnnouncement(db: Db, merchantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM announcement WHERE merchant_id = $1 AND id = $2', [merchantId, id]);
}

export interface StoredImage {
  contentType: ContentImageType;
  image: Buffer;
}

export async function selectContentImage(db: Db, merchantId: number, sha256: Buffer): Promise<StoredImage | undefined> {
  const result = await db.query<{ content_type: ContentImageType; image: Buffer }>('SELECT content_type, image FROM content_image WHERE merchant_id = $1 AND sha256 = $2', [merchantId, sha256]);
  const row = result.rows[0];
  return row ? { contentType: row.content_type, image: row.image } : undefined;
}

export async function contentImageExists(db: Db, merchantId: number, sha256: Buffer): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM content_image WHERE merchant_id = $1 AND sha256 = $2', [merchantId, sha256]);
  return (result.rowCount ?? 0) > 0;
}

/** Keeps an uploaded image; true when it is new (the same bytes uploaded before are one row). */
export async function insertContentImage(db: Db, image: { merchantId: number; sha256: Buffer; contentType: ContentImageType; bytes: Buffer; operatorId: number; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO content_image (merchant_id, sha256, content_type, image, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (merchant_id, sha256) DO NOTHING`,
    [image.merchantId, image.sha256, image.contentType, image.bytes, image.operatorId, new Date(image.nowMs)],
  );
  return (result.rowCount ?? 0) > 0;
}
