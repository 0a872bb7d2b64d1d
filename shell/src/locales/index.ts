// The shell's strings (namespace `shell`), one translation set per file: only the sets of the
// language in use are fetched (with English, the fallback), the others when a language that needs
// them is chosen; the language change waits for them (shared/src/i18n).
import { registerTranslationLoaders } from '@platform/shared';

export const SHELL_NAMESPACE = 'shell';

export const shellTranslationsLoaded = registerTranslationLoaders(SHELL_NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-shell-bn" */ './bn.json'),
  CN: () => import(/* webpackChunkName: "locale-shell-cn" */ './cn.json'),
  EN: () => import(/* webpackChunkName: "locale-shell-en" */ './en.json'),
  ID: () => import(/* webpackChunkName: "locale-shell-id" */ './id.json'),
  TH: () => import(/* webpackChunkName: "locale-shell-th" */ './th.json'),
  TY: () => import(/* webpackChunkName: "locale-shell-ty" */ './ty.json'),
  VI: () => import(/* webpackChunkName: "locale-shell-vi" */ './vi.json'),
});
