import { AppError } from '../../http/envelope';
import { ProviderRefusal, ProviderUnavailable } from './provider-client';

// What a player is told when the provider API refused a call or could not be reached.

const SESSION_CODES = new Set(['provider.session.expired', 'provider.vendor.unknown', 'provider.signature.invalid']);

export function playerFailureOf(error: unknown): unknown {
  if (error instanceof ProviderRefusal) {
    if (SESSION_CODES.has(error.errorCode)) return new AppError(401, 'inhouse.session.expired');
    if (error.errorCode === 'provider.insufficient.funds') return new AppError(409, 'inhouse.insufficient.funds');
    if (error.errorCode === 'provider.vendor.maintenance') return new AppError(503, 'inhouse.vendor.maintenance');
    return new AppError(503, 'inhouse.provider.unavailable', { detail: error.errorCode });
  }
  if (error instanceof ProviderUnavailable) return new AppError(503, 'inhouse.provider.unavailable');
  return error;
}

/** A repeat of an end of round the provider already recorded is no failure. */
export const isAlreadyEnded = (error: unknown): boolean => error instanceof ProviderRefusal && error.errorCode === 'provider.round.closed';
