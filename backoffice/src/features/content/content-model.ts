// The Content section's rows as the operator API answers them (server/src/modules/content/
// content.operator-routes.ts), the forms' drafts, and the pure steps between them: times as the
// browser's datetime-local inputs hold them, the bodies to send, the image file checks.

export const LINKAGE_TYPES = ['NONE', 'PROMOTION', 'URL', 'ROUTE', 'GAME'] as const;
export type LinkageType = (typeof LINKAGE_TYPES)[number];

export interface BannerRow {
  id: number;
  group: string;
  imageUrl: string;
  linkageType: LinkageType;
  linkageValue: string | null;
  enabled: boolean;
  sortOrder: number;
}

export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export type AnnouncementState = 'disabled' | 'scheduled' | 'shown' | 'expired';

export interface AnnouncementRow {
  id: number;
  type: AnnouncementType;
  title: string;
  content: string;
  popup: boolean;
  enabled: boolean;
  publishedAt: number;
  expiresAt: number | null;
  state: AnnouncementState;
}

/** What the server takes (content-image.ts): the type is checked again there, from the bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, or null when it may be (the server checks its bytes again). */
export function imageFileProblem(file: { type: string; size: number }): 'wrongType' | 'tooLarge' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Reads a file as a data URL (what the upload route takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local input shows it, in the browser's time zone (to the minute); '' for none. */
export function toLocalInput(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '';
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an instant in the browser's time zone; null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hour, minute);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : null;
}

export interface BannerDraft {
  group: string;
  imageUrl: string;
  linkageType: LinkageType;
  linkageValue: string;
  sortOrder: string;
  enabled: boolean;
}

export const emptyBannerDraft = (group: string): BannerDraft => ({ group, imageUrl: '', linkageType: 'NONE', linkageValue: '', sortOrder: '0', enabled: true });

export const bannerDraftOf = (banner: BannerRow): BannerDraft => ({
  group: banner.group,
  imageUrl: banner.imageUrl,
  linkageType: banner.linkageType,
  linkageValue: banner.linkageValue ?? '',
  sortOrder: String(banner.sortOrder),
  enabled: banner.enabled,
});

/** The body of POST /content/banners(/:id): every field (the server checks the whole banner). */
export function bannerBody(draft: BannerDraft) {
  const order = Number(draft.sortOrder.trim() || '0');
  return {
    group: draft.group,
    imageUrl: draft.imageUrl.trim(),
    linkageType: draft.linkageType,
    linkageValue: draft.linkageType === 'NONE' ? null : draft.linkageValue.trim(),
    sortOrder: Number.isInteger(order) ? order : 0,
    enabled: draft.enabled,
  };
}

export interface AnnouncementDraft {
  type: AnnouncementType;
  title: string;
  content: string;
  popup: boolean;
  enabled: boolean;
  /** datetime-local; empty: now (a new one) or unchanged. */
  publishedAt: string;
  /** datetime-local; empty: never expires. */
  expiresAt: string;
}

export const emptyAnnouncementDraft = (type: AnnouncementType = 'B'): AnnouncementDraft => ({ type, title: '', content: '', popup: false, enabled: true, publishedAt: '', expiresAt: '' });

export const announcementDraftOf = (row: AnnouncementRow): AnnouncementDraft => ({
  type: row.type,
  title: row.title,
  content: row.content,
  popup: row.popup,
  enabled: row.enabled,
  publishedAt: toLocalInput(row.publishedAt),
  expiresAt: toLocalInput(row.expiresAt),
});

/**
 * The body of POST /content/announcements(/:id). Its times go only when the operator set or
 * changed them: the inputs hold minutes, and sending an unchanged one back would move a stored
 * time by its seconds (and the announcement in the newest-first list).
 */
export function announcementBody(draft: AnnouncementDraft, stored?: AnnouncementRow) {
  const body: Record<string, unknown> = { type: draft.type, title: draft.title.trim(), content: draft.content, popup: draft.popup, enabled: draft.enabled };
  const initial = stored ? announcementDraftOf(stored) : emptyAnnouncementDraft();
  if (draft.publishedAt !== initial.publishedAt) {
    const publishedAt = fromLocalInput(draft.publishedAt);
    if (publishedAt !== null) body.publishedAt = publishedAt;
  }
  if (draft.expiresAt !== initial.expiresAt) body.expiresAt = fromLocalInput(draft.expiresAt);
  return body;
}

export interface HelpArticleRow {
  id: number;
  category: string;
  title: string;
  content: string;
  enabled: boolean;
  sortOrder: number;
}

export interface HelpArticleDraft {
  category: string;
  title: string;
  content: string;
  sortOrder: string;
  enabled: boolean;
}

export const emptyHelpArticleDraft = (category = ''): HelpArticleDraft => ({ category, title: '', content: '', sortOrder: '0', enabled: true });

export const helpArticleDraftOf = (row: HelpArticleRow): HelpArticleDraft => ({
  category: row.category,
  title: row.title,
  content: row.content,
  sortOrder: String(row.sortOrder),
  enabled: row.enabled,
});

/** A sort order field's value as the API takes it (an integer; anything else: 0). */
const orderOf = (text: string) => {
  const order = Number(text.trim() || '0');
  return Number.isInteger(order) ? order : 0;
};

/** The body of POST /content/help-articles(/:id): every field (the server checks the whole article). */
export const helpArticleBody = (draft: HelpArticleDraft) => ({
  category: draft.category.trim(),
  title: draft.title.trim(),
  content: draft.content,
  sortOrder: orderOf(draft.sortOrder),
  enabled: draft.enabled,
});

/** The help centre's categories in the site's order: that of each one's first article. */
export function helpCategories(list: readonly HelpArticleRow[]): string[] {
  return [...new Set(list.map((row) => row.category.trim()))];
}

export const SERVICE_LINK_KINDS = ['LIVECHAT', 'VIP', 'TELEGRAM', 'FACEBOOK'] as const;
export type ServiceLinkKind = (typeof SERVICE_LINK_KINDS)[number];

export interface ServiceLinkRow {
  id: number;
  csType: ServiceLinkKind;
  title: string;
  type: number;
  url: string;
  enabled: boolean;
  sortOrder: number;
}

export interface ServiceLinkDraft {
  csType: ServiceLinkKind;
  title: string;
  url: string;
  sortOrder: string;
  enabled: boolean;
}

export const emptyServiceLinkDraft = (): ServiceLinkDraft => ({ csType: 'LIVECHAT', title: '', url: '', sortOrder: '0', enabled: true });

export const serviceLinkDraftOf = (row: ServiceLinkRow): ServiceLinkDraft => ({ csType: row.csType, title: row.title, url: row.url, sortOrder: String(row.sortOrder), enabled: row.enabled });

/**
 * The body of POST /content/service-links(/:id). The link's `type` number is left to the server
 * (the kind's own), so it is never sent: a kind changed takes its number there.
 */
export const serviceLinkBody = (draft: ServiceLinkDraft) => ({
  csType: draft.csType,
  title: draft.title.trim(),
  url: draft.url.trim(),
  sortOrder: orderOf(draft.sortOrder),
  enabled: draft.enabled,
});

/** Whether a link is one the site may open for a player (the server refuses any other). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
