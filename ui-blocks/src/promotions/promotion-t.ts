import { useT } from '@platform/shared';
import { PROMOTIONS_NAMESPACE } from './locales';

declare const blocksNamespace: unique symbol;

/**
 * The translate function of the promotion words' namespace (locales/). Marked as its
 * own type so that a page's translate function (another namespace, where these keys are missing)
 * cannot be passed by mistake.
 */
export type PromotionT = ReturnType<typeof useT>['t'] & { readonly [blocksNamespace]: true };

/** The promotion words' translate function, for the model's functions (promotion-model.ts). */
export function usePromotionT(): PromotionT {
  return useT(PROMOTIONS_NAMESPACE).t as PromotionT;
}
