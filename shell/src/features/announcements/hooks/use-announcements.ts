import { api, useCall, type Announcement, type AnnouncementList } from '@platform/shared';
import { announcementsCall } from '@platform/contract';

/** Site announcements of types B, PL, PU, PR for the web, executed B. */
export const ANNOUNCEMENT_PARAMS = { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' } as const;

/** The announcement list shows 9 titles per page. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

export function loadAnnouncements(): Promise<AnnouncementList> {
  return api.cached(announcementsCall, ANNOUNCEMENT_PARAMS);
}

export type AnnouncementsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; list: Announcement[]; popup: Announcement[] };

/** The site's announcements; a language change keeps them on show until the new language's arrive. */
export function useAnnouncements(): AnnouncementsState {
  // No signal: the API client's cached request is one for all its callers (the popup asks too).
  const announcements = useCall(() => loadAnnouncements(), []);
  const value = announcements.status === 'success' ? announcements.data : announcements.status === 'loading' ? announcements.staleData : undefined;
  if (announcements.status === 'error') return { status: 'failed' };
  if (value === undefined) return { status: 'loading' };
  return { status: 'ready', list: value?.list ?? [], popup: value?.popup ?? [] };
}
