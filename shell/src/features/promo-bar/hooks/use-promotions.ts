import type { Promotion } from '@platform/shared';
import { useIndexNotice } from '../../banner/hooks/use-banners';

const NO_PROMOTIONS: Promotion[] = [];

/**
 * The merchant's current promotions (the index notice's `promotion`, from the request the banners
 * make too: one per page and language) in `language`; null while they load, none when the notice
 * fails. Every route renders its own page frame: the next page draws them at once when the
 * notice of this language has arrived already.
 */
export function usePromotions(language: string): Promotion[] | null {
  const notice = useIndexNotice();
  if (notice.status === 'error') return NO_PROMOTIONS;
  return notice.status === 'success' && notice.data.language === language ? (notice.data.notice?.promotion ?? NO_PROMOTIONS) : null;
}
