import { NARROW_SCREEN_QUERY } from './shell-ui-store';
import { useMediaQuery } from './use-media-query';

/** True below 768 px (NARROW_SCREEN_QUERY): the phone layout. Follows the window as it resizes. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
