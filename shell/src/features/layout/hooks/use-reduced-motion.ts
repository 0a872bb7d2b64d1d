import { useMediaQuery } from './use-media-query';

/** The player asked the system for less motion; follows the setting as it changes. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
