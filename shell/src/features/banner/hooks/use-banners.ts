import { api, bus, type Banner, type IndexNotice } from '@platform/shared';
import { indexNoticeCall } from '@platform/shared/contract';
import { useEffect, useMemo, useState } from 'react';
import defaultPromotionBannerUrl from '../assets/default-promotion-banner.svg';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { BANNER_GROUPS } from '../banner-settings';

/** Shown on the help page when the operator configured no help banner (SPEC §2 Banner). */
export const DEFAULT_HELP_BANNER: Banner = {
  bannerId: -1,
  groupName: BANNER_GROUPS.help,
  url: defaultPromotionBannerUrl,
  linkageType: 'ROUTE',
  linkageValue: '/promotions',
};

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
 * route's banner and the promo bar; `arrived` once it has (null: it answered no value).
 */
let loaded: { language: string; notice: Promise<IndexNotice>; arrived?: IndexNotice | null } | null = null;

export function loadIndexNotice(): Promise<IndexNotice> {
  const language = bus.get('language');
  if (!loaded || loaded.language !== language) {
    const notice = api.call(indexNoticeCall);
    const entry: NonNullable<typeof loaded> = { language, notice };
    loaded = entry;
    notice.then(
      (value) => {
        entry.arrived = value ?? null;
      },
      // A failure is not kept: the next page that shows banners asks again.
      () => {
        if (loaded === entry) loaded = null;
      },
    );
  }
  return loaded.notice;
}

/**
 * The index notice of this page in `language` when it has arrived already (undefined: not yet, or
 * another language): a page drawn after it need not wait for a render.
 */
export function arrivedIndexNotice(language: string): IndexNotice | null | undefined {
  return loaded?.language === language ? loaded.arrived : undefined;
}

export function loadBanners(): Promise<Banner[]> {
  return loadIndexNotice().then((notice) => notice?.banners ?? []);
}

/** Forgets the fetched index notice: banners and promotions (tests). */
export function forgetBanners(): void {
  loaded = null;
}

/** The banners of one group, from the index notice; null while loading. */
export function useBanners(group: string): Banner[] | null {
  const [all, setAll] = useState<Banner[] | null>(null);
  const imageBaseUrl = useSiteSettings().site?.imageBaseUrl;

  useEffect(() => {
    let live = true;
    loadBanners()
      .then((banners) => live && setAll(banners))
      // The page works without banners: a failed notice just shows none.
      .catch(() => live && setAll([]));
    return () => {
      live = false;
    };
  }, []);

  return useMemo(() => (all === null ? null : bannersForGroup(all, group, imageBaseUrl)), [all, group, imageBaseUrl]);
}
