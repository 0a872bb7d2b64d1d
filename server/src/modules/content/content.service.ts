import type { Announcement, AnnouncementList, HelpCenterEntry, IndexNotice } from '@platform/contract';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import * as queries from './content.queries';
import type { AnnouncementType } from './content.queries';
import { sanitizeHtml } from './sanitize-html';

export const ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['B', 'PL', 'PU', 'PR', 'H'];
/** What the announcement list shows when the caller names no types. */
export const DEFAULT_ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['B', 'PL', 'PU', 'PR'];
/** Announcement types shown to players on the home page (bulletins and player notices). */
const PLAYER_NOTICE_TYPES: AnnouncementType[] = ['B', 'PL'];

const sanitized = (announcement: Announcement): Announcement => ({ ...announcement, content: sanitizeHtml(announcement.content) });

/** "B,PL,B" → ['B', 'PL']; the route schema has already rejected unknown types. */
export function parseAnnouncementTypes(raw: string | undefined): AnnouncementType[] {
  if (!raw) return [...DEFAULT_ANNOUNCEMENT_TYPES];
  const requested = new Set(raw.split(','));
  return ANNOUNCEMENT_TYPES.filter((type) => requested.has(type));
}

export async function listAnnouncements(db: Db, merchant: ResolvedMerchant, types: AnnouncementType[]): Promise<AnnouncementList> {
  const list = (await queries.selectAnnouncements(db, merchant.id, types)).map(sanitized);
  return { list, popup: list.filter((announcement) => announcement.popup) };
}

/** Everything the home page shows at once: notices, banners of every group, popups, promotions (titles in `language`). */
export async function getIndexNotice(db: Db, merchant: ResolvedMerchant, language: string): Promise<IndexNotice> {
  const [announcements, banners, promotion] = await Promise.all([
    queries.selectAnnouncements(db, merchant.id, [...ANNOUNCEMENT_TYPES]),
    queries.selectBanners(db, merchant.id),
    queries.selectPromotions(db, merchant.id, language),
  ]);
  const clean = announcements.map(sanitized);
  return {
    player: clean.filter((announcement) => PLAYER_NOTICE_TYPES.includes(announcement.type)),
    banners,
    popup: clean.filter((announcement) => announcement.popup),
    promotion,
  };
}

export async function getHelpCenter(db: Db, merchant: ResolvedMerchant): Promise<{ list: HelpCenterEntry[] }> {
  const articles = await queries.selectHelpArticles(db, merchant.id);
  return { list: articles.map((article) => ({ ...article, content: sanitizeHtml(article.content) })) };
}

/**
 * The first banner of every group (the one a banner route shows first), by group name, as the
 * operator stored its address. Read for the shell's page, which names it before any script runs.
 */
export async function getFirstBanners(db: Db, merchant: ResolvedMerchant): Promise<Map<string, string>> {
  const first = new Map<string, string>();
  // selectBanners orders by group, then sort order: the first of each group is its first slide.
  for (const banner of await queries.selectBanners(db, merchant.id)) {
    if (!first.has(banner.groupName)) first.set(banner.groupName, banner.url);
  }
  return first;
}
