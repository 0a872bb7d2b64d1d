// The speed test's one call: the site's mirror domains. The page says its failure itself (its error
// block with a retry), so it is sent quiet.
import { api } from '@platform/shared';
import { domainRouteCall } from '@platform/contract';

const MIRRORS = { ...domainRouteCall, quiet: true } as const;

/** The mirror domains as the operator lists them (in their order). */
export const loadMirrors = async (signal: AbortSignal): Promise<string[]> => (await api.call(MIRRORS, { signal })).domainList.map((entry) => entry.domain);
