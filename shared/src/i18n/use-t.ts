import { useTranslation } from 'react-i18next';
import { COMMON_NAMESPACE, i18n } from './i18n-instance';

/** Strings of one namespace for a component; re-renders on language change. */
export function useT(namespace: string = COMMON_NAMESPACE) {
  return useTranslation(namespace, { i18n });
}
