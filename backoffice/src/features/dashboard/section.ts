// The dashboard section as its container exposes it (sections.json): its page and its strings.
import type { SectionModule } from '@backoffice/kit';
import DashboardPage from './dashboard-page';
import cn from './locales/cn.json';
import en from './locales/en.json';

const section: SectionModule = { version: __APP_VERSION__, strings: { EN: en, CN: cn }, pages: { dashboard: DashboardPage } };
export default section;
