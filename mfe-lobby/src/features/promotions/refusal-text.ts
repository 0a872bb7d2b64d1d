import { isApiError } from '@platform/shared';
import { quietRefusalMessage, refusedRequirements, requirementLabel, type PromotionT } from '@platform/ui-blocks';
import { COMMENT_MAX, IMAGE_MAX_BYTES, IMAGES_MAX } from './application-input';
import type { Translate } from './translations';

/**
 * What a refused join, claim or application says under its button, in the page's language: the
 * refusals this page knows in its own words (the missing requirements named as the Requirements
 * list names them, in the promotion words `words`), any other the server's message; null when the
 * player has been told already (an ended session, the site closed: quietRefusalMessage).
 */
export function refusalText(failure: unknown, t: Translate, words: PromotionT): string | null {
  if (!isApiError(failure)) return t('action_failed');
  switch (failure.errorCode) {
    case 'prom_claim_req_field': {
      const missing = refusedRequirements(failure.value);
      if (missing.length === 0) break;
      return t('refusal_requirements', { requirements: missing.map((requirement) => requirementLabel(requirement, words)).join(', ') });
    }
    case 'promotion.not.applicable':
      return t('refusal_not_applicable');
    case 'promotion.application.empty':
      return t('apply_error_empty');
    case 'promotion.application.comment.too.long':
      return t('apply_error_comment_too_long', { max: COMMENT_MAX });
    case 'promotion.application.images.too.many':
      return t('apply_error_too_many', { max: IMAGES_MAX });
    case 'promotion.image.invalid':
      return t('apply_error_image_invalid');
    case 'promotion.image.too.large':
      return t('apply_error_image_too_large', { max: IMAGE_MAX_BYTES / (1024 * 1024) });
    default:
      break;
  }
  return quietRefusalMessage(failure);
}
