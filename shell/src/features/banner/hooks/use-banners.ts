import { api, type Banner, type IndexNotice } from '@platform/shared';
import { useEffect, useMemo, useState } from 'react';
import defaultPromotionBannerUrl from '../assets/default-promotion-banner.svg';
import { BANNER_GROUPS } from '../banner-settings';

/** Shown on the help page when the operator configured no help banner (SPEC §2 Banner). */
export const DEFAULT_HELP_BANNER: Banner = {
  bannerId: -1,
  groupName: BANNER_GROUPS.help,
  url: defaultPromotionBannerUrl,
  linkageType: 'ROUTE',
  linkageValue: '/promotions',
};

export function bannersForGroup(banners: Banner[], group: string): Banner[] {
  const inGroup = banners.filter((banner) => banner.groupName === group);
  if (group === BANNER_GROUPS.help && inGroup.length === 0) return [DEFAULT_HELP_BANNER];
  return inGroup;
}

/** The banners of one group, from the index notice; null while loading. */
export function useBanners(group: string): Banner[] | null {
  const [all, setAll] = useState<Banner[] | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call<IndexNotice>('indexNotice')
      .then((notice) => live && setAll(notice?.banners ?? []))
      // The page works without banners: a failed notice just shows none.
      .catch(() => live && setAll([]));
    return () => {
      live = false;
    };
  }, []);

  return useMemo(() => (all === null ? null : bannersForGroup(all, group)), [all, group]);
}
