import type { Announcement, Banner, HelpCenterEntry, Promotion } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the content module. Only enabled, currently published rows leave the database.

export type AnnouncementType = Announcement['type'];

interface AnnouncementRow {
  id: number;
  type: AnnouncementType;
  title: string;
  content: string;
  popup: boolean;
  published_at: Date;
}

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  popup: row.popup,
  createTime: row.published_at.getTime(),
});

/** Published announcements of the given types, newest first. */
export async function selectAnnouncements(db: Db, merchantId: number, types: AnnouncementType[]): Promise<Announcement[]> {
  const result = await db.query<AnnouncementRow>(
    `SELECT id, type, title, content, popup, published_at
       FROM announcement
      WHERE merchant_id = $1 AND enabled AND type = ANY($2::text[])
        AND published_at <= now() AND (expires_at IS NULL OR expires_at > now())
      ORDER BY published_at DESC, id DESC`,
    [merchantId, types],
  );
  return result.rows.map(toAnnouncement);
}

export async function selectBanners(db: Db, merchantId: number): Promise<Banner[]> {
  const result = await db.query<Banner>(
    `SELECT id AS "bannerId", group_name AS "groupName", image_url AS url,
            linkage_type AS "linkageType", linkage_value AS "linkageValue"
       FROM banner WHERE merchant_id = $1 AND enabled ORDER BY group_name, sort_order, id`,
    [merchantId],
  );
  return result.rows;
}

/** The promotions home shows (a promo code's is the operator's to hand out, not the page's). */
export async function selectPromotions(db: Db, merchantId: number, language: string): Promise<Promotion[]> {
  const result = await db.query<Promotion>(
    `SELECT id, category, coalesce(nullif(texts -> $2 ->> 'title', ''), title) AS title, image_url AS "imageUrl"
       FROM promotion WHERE merchant_id = $1 AND enabled AND trigger <> 'promo_code' ORDER BY sort_order, id`,
    [merchantId, language],
  );
  return result.rows;
}

export async function selectHelpArticles(db: Db, merchantId: number): Promise<HelpCenterEntry[]> {
  const result = await db.query<HelpCenterEntry>(
    `SELECT id, category, title, content
       FROM help_article WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id`,
    [merchantId],
  );
  return result.rows;
}
