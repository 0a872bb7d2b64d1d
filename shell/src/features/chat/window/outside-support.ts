// The outside customer service, for the chat window to fall back on when the chat cannot be
// reached: here rather than beside the side bar's entries (customer-service/hooks/
// use-service-entries.ts), so that neither chunk carries the other's code.
import { hasSupportLink, openSupportLink } from '@platform/shared';
import { useCallback } from 'react';
import { useRankedServiceItems } from '../../customer-service/hooks/use-customer-service';

/**
 * The support-link flow alone (the outside service), or null when the site has no such entry:
 * what the chat window offers when the chat cannot be reached (the site is closed to the member).
 */
export function useOutsideSupport(): (() => void) | null {
  const customerService = useRankedServiceItems();
  const open = useCallback(() => void openSupportLink(customerService), [customerService]);
  return hasSupportLink(customerService) ? open : null;
}

