// The back office's kit: what a section may use of the host. The host shares this one module at
// run time (Module Federation, '@backoffice/kit', see webpack.config.js) with every section it
// loads, so a section built and released alone still uses the host's one session context, API
// client error class, UI and language list: a section's own copy of the context would see no
// signed-in operator. A section imports nothing else of the host (kit/section-boundary.test.ts).
// Changing what is exported here in a way a released section would notice is a new major
// version of the kit (KIT_VERSION in sections.json): the host then refuses the older sections.
export { BackOfficeContext, useBackOffice, type BackOffice } from '../app/session-context';
export { PageTitle } from '../app/layout';
export { OPS_API_PREFIX, OpsError, newIdempotencyKey, queryString, type OpsClient, type Query } from '../api/ops-client';
export { Button, ErrorMessage, Field, Input, Notice, Select, Tabs, ui } from '../ui/ui';
export { useLoad } from '../ui/use-load';
export { useAction, type ActionOutcome } from '../ui/use-action';
export { formatAmount, formatCount, formatTime } from '../ui/format';
export { LANGUAGES, localeOf, type Language } from '../i18n/i18n';
export type { SectionModule, SectionStrings } from './section-module';
