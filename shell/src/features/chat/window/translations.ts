// The chat window's strings: a namespace of their own (shell/src/locales/chat), fetched with the
// window's chunk rather than with every page's first load.
import { registerTranslationLoaders, type TranslationSet } from '@platform/shared';

export const CHAT_NAMESPACE = 'shellChat';

const sets = () => import(/* webpackChunkName: "locale-shell-chat" */ '../../../locales/chat');
const set = (name: TranslationSet) => () => sets().then((module) => module[name]);

export const chatTranslationsLoaded = registerTranslationLoaders(CHAT_NAMESPACE, {
  BN: set('BN'),
  CN: set('CN'),
  EN: set('EN'),
  ID: set('ID'),
  TH: set('TH'),
  TY: set('TY'),
  VI: set('VI'),
});
