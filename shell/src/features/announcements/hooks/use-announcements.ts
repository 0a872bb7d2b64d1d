import { api, type Announcement, type AnnouncementList } from '@platform/shared';
import { announcementsCall } from '@platform/shared/contract';
import { useEffect, useState } from 'react';

/** SPEC §7: site announcements of types B, PL, PU, PR for the web, executed B. */
export const ANNOUNCEMENT_PARAMS = { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' } as const;

/** SPEC §9: the announcement list shows 9 titles per page. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

export function loadAnnouncements(): Promise<AnnouncementList> {
  return api.cached(announcementsCall, ANNOUNCEMENT_PARAMS);
}

export type AnnouncementsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; list: Announcement[]; popup: Announcement[] };

export function useAnnouncements(): AnnouncementsState {
  const [state, setState] = useState<AnnouncementsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadAnnouncements()
      .then((value) => live && setState({ status: 'ready', list: value?.list ?? [], popup: value?.popup ?? [] }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
