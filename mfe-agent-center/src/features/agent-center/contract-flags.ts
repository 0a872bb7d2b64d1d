import { api } from '@platform/shared';
import { consolidatedCall } from '@platform/shared/contract';
import type { ContractFlags } from './page-registry';

/**
 * The agent's contract flags, asked once each time the centre opens (per session, fresh): the
 * consolidated answer is not kept in sessionStorage (DERIVED_SESSION_KEYS.consolidated), so an
 * operator's change shows at the next opening.
 */
export async function loadContractFlags(signal: AbortSignal): Promise<ContractFlags> {
  const value = await api.call(consolidatedCall, { signal });
  return {
    dailysalreqtype: value.dailysalreqtype === true,
    divtypereq: value.divtypereq === true,
    contracthoursalreq: value.contracthoursalreq === true,
    realtimesalreqtype: value.realtimesalreqtype === true,
  };
}
