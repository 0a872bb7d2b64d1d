// The players section as its container exposes it (sections.json): its page and its strings.
import type { SectionModule } from '@backoffice/kit';
import cn from './locales/cn.json';
import en from './locales/en.json';
import PlayersPage from './players-page';

const section: SectionModule = { version: __APP_VERSION__, strings: { EN: en, CN: cn }, pages: { players: PlayersPage } };
export default section;
