import { createRetryKey } from '@platform/shared';

/**
 * The key of a transfer the member may retry: kept through every failure until the same transfer
 * (same payload) succeeds, so a retry after a lost answer moves money once. A success, or another
 * payload, draws a new key next time.
 */
export const createTransferKey = () => createRetryKey(undefined, () => true);
