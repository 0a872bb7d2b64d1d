import { useCall, type Promotion } from '@platform/shared';
import { newPlayerPromotions } from '../api/register-api';

const NO_PROMOTIONS: Promotion[] = [];

/** The new_player promotions for the page's slider; none while loading or when they fail. */
export function useNewPlayerPromotions(): Promotion[] {
  const promotions = useCall((signal) => newPlayerPromotions(signal), []);
  if (promotions.status === 'success') return promotions.data;
  return promotions.status === 'loading' ? (promotions.staleData ?? NO_PROMOTIONS) : NO_PROMOTIONS;
}
