// The 'lobby' namespace, one translation set per file: only the set of the language in use is
// fetched (the others when a language that needs them is chosen; English when a string is
// missing). Every exposed module exports `ready` (below): the shell renders it once its strings
// are there (shell/src/remotes/load-remote-module.ts).
import { registerTranslationLoaders } from '@platform/shared';

export const NAMESPACE = 'lobby';

export const ready = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lobby-bn" */ './bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lobby-cn" */ './cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lobby-en" */ './en.json'),
  ID: () => import(/* webpackChunkName: "locale-lobby-id" */ './id.json'),
  TH: () => import(/* webpackChunkName: "locale-lobby-th" */ './th.json'),
  TY: () => import(/* webpackChunkName: "locale-lobby-ty" */ './ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lobby-vi" */ './vi.json'),
});
