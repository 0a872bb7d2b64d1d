import { api, bus, useCall, type Banner, type CallResult, type IndexNotice } from '@platform/shared';
import { indexNoticeCall } from '@platform/contract';
import { useMemo } from 'react';
import defaultPromotionBannerUrl from '../assets/default-promotion-banner.svg';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { BANNER_GROUPS } from '../banner-settings';

/** Shown on the help page when the operator configured no help banner. */
export const DEFAULT_HELP_BANNER: Banner = {
  bannerId: -1,
  groupName: BANNER_GROUPS.help,
  url: defaultPromotionBannerUrl,
  linkageType: 'ROUTE',
  linkageValue: '/promotions',
};

const NO_BANNERS: Banner[] = [];

/** The group's banners with their images resolved; the help page's default when it has none. */
export function bannersForGroup(banners: Banner[], group: string, imageBaseUrl?: string | null): Banner[] {
  const inGroup = banners
    .filter((banner) => banner.groupName === group)
    .map((banner) => ({ ...banner, url: resolveImageUrl(banner.url, imageBaseUrl) }));
  if (group === BANNER_GROUPS.help && inGroup.length === 0) return [DEFAULT_HELP_BANNER];
  return inGroup;
}

/**
 * The index notice (banners, promotions), fetched once per page and language, shared by every
 * route's banner, the promo bar and the start-up (which asks for it before the layout renders).
 */
let loaded: { language: string; notice: Promise<IndexNotice> } | null = null;

export function loadIndexNotice(): Promise<IndexNotice> {
  const language = bus.get('language');
  if (!loaded || loaded.language !== language) {
    const notice = api.call(indexNoticeCall);
    const entry: NonNullable<typeof loaded> = { language, notice };
    loaded = entry;
    // A failure is not kept: the next page that shows banners asks again.
    notice.catch(() => {
      if (loaded === entry) loaded = null;
    });
  }
  return loaded.notice;
}

export function loadBanners(): Promise<Banner[]> {
  return loadIndexNotice().then((notice) => notice?.banners ?? []);
}

/** Forgets the fetched index notice: banners and promotions (tests). */
export function forgetBanners(): void {
  loaded = null;
}

/** The index notice, with the language it was asked in. */
export interface IndexNoticeIn {
  language: string;
  notice: IndexNotice | null;
}

/**
 * The index notice in the language in use, kept for the page: every route renders its own page
 * frame, and the next one has it from its first render. (No signal: the request is the page's,
 * shared with the start-up.)
 */
export function useIndexNotice(): CallResult<IndexNoticeIn> {
  return useCall(
    () => {
      const language = bus.get('language');
      return loadIndexNotice().then((notice) => ({ language, notice: notice ?? null }));
    },
    [],
    { cache: 'indexNotice' },
  );
}

/**
 * The banners of one group, from the index notice; null while loading. A language change keeps
 * them on show until the new language's arrive.
 */
export function useBanners(group: string): Banner[] | null {
  const notice = useIndexNotice();
  const imageBaseUrl = useSiteSettings().site?.imageBaseUrl;
  const latest = notice.status === 'success' ? notice.data : notice.status === 'loading' ? notice.staleData : undefined;
  // The page works without banners: a failed notice just shows none.
  const all = latest ? (latest.notice?.banners ?? NO_BANNERS) : notice.status === 'error' ? NO_BANNERS : null;

  return useMemo(() => (all === null ? null : bannersForGroup(all, group, imageBaseUrl)), [all, group, imageBaseUrl]);
}
