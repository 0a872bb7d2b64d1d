// The help page's calls. The page says each failure itself (its error blocks with a retry), so
// every call is sent quiet.
import { api } from '@platform/shared';
import { depositBanksListCall, helpCenterCall, type CallDefinition, type HelpCenterEntry } from '@platform/contract';

const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });

/** The help-centre articles in the operator's order (the list the header's help modal shows). */
export const loadHelpCentre = async (signal: AbortSignal): Promise<HelpCenterEntry[]> => [...(await api.call(quiet(helpCenterCall), { signal })).list];

export type DepositMethodEntry = Awaited<ReturnType<typeof loadDepositMethods>>[number];

/** The deposit methods the merchant offers this member, in display order, each with its channels. */
export const loadDepositMethods = async (signal: AbortSignal) => [...(await api.call(quiet(depositBanksListCall), { signal })).methods];
