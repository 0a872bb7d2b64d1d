import type { IndexNotice, Promotion } from '@platform/shared';
import { useEffect, useState } from 'react';
import { arrivedIndexNotice, loadIndexNotice } from '../../banner/hooks/use-banners';

interface LoadedPromotions {
  language: string;
  promotions: Promotion[];
}

const promotionsOf = (language: string, notice: IndexNotice | null | undefined): LoadedPromotions => ({
  language,
  promotions: notice?.promotion ?? [],
});

/**
 * The merchant's current promotions (the index notice's `promotion`, from the request the banners
 * make too: one per page and language) in `language`; null while they load, none when the notice
 * fails. Every route renders its own page frame: the next page draws them at once when the
 * notice of this language has arrived already.
 */
export function usePromotions(language: string): Promotion[] | null {
  const [loaded, setLoaded] = useState<LoadedPromotions | null>(() => {
    // The page's request for this language (made now if there is none yet).
    void loadIndexNotice().catch(() => undefined);
    const arrived = arrivedIndexNotice(language);
    return arrived === undefined ? null : promotionsOf(language, arrived);
  });

  useEffect(() => {
    let live = true;
    loadIndexNotice().then(
      (notice) => live && setLoaded(promotionsOf(language, notice)),
      () => live && setLoaded({ language, promotions: [] }),
    );
    return () => {
      live = false;
    };
  }, [language]);

  return loaded?.language === language ? loaded.promotions : null;
}
