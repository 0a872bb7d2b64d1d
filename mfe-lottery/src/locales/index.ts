// The 'lottery' namespace: what the exposed pages show before their screens arrive (titles), and
// what every screen of the remote names things with (games, game groups, countdowns). One
// translation set per file: only the set of the language in use is fetched (the others when a
// language that needs them is chosen; English when a string is missing). Every exposed module
// exports `ready` (below): the shell renders it once its strings are there
// (shell/src/remotes/load-remote-module.ts).
import { registerTranslationLoaders } from '@platform/shared';

export const NAMESPACE = 'lottery';

export const ready = registerTranslationLoaders(NAMESPACE, {
  BN: () => import(/* webpackChunkName: "locale-lottery-bn" */ './bn.json'),
  CN: () => import(/* webpackChunkName: "locale-lottery-cn" */ './cn.json'),
  EN: () => import(/* webpackChunkName: "locale-lottery-en" */ './en.json'),
  ID: () => import(/* webpackChunkName: "locale-lottery-id" */ './id.json'),
  TH: () => import(/* webpackChunkName: "locale-lottery-th" */ './th.json'),
  TY: () => import(/* webpackChunkName: "locale-lottery-ty" */ './ty.json'),
  VI: () => import(/* webpackChunkName: "locale-lottery-vi" */ './vi.json'),
});
