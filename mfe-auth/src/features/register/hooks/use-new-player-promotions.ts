import type { Promotion } from '@platform/shared';
import { useEffect, useState } from 'react';
import { newPlayerPromotions } from '../api/register-api';

/** The new_player promotions for the page's slider; none while loading or when they fail. */
export function useNewPlayerPromotions(): Promotion[] {
  const [promotions, setPromotions] = useState<Promotion[]>([]);
  useEffect(() => {
    let live = true;
    newPlayerPromotions()
      .then((list) => live && setPromotions(list))
      .catch(() => live && setPromotions([]));
    return () => {
      live = false;
    };
  }, []);
  return promotions;
}
