// The audit section as its container exposes it (sections.json): its page and its strings.
import type { SectionModule } from '@backoffice/kit';
import AuditPage from './audit-page';
import cn from './locales/cn.json';
import en from './locales/en.json';

const section: SectionModule = { version: __APP_VERSION__, strings: { EN: en, CN: cn }, pages: { audit: AuditPage } };
export default section;
