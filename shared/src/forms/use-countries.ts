import { api, useCall } from '@platform/shared';
import { countriesCall } from '@platform/contract';
import type { CountryEntry } from '../types/wire';

const NO_COUNTRIES: CountryEntry[] = [];

/**
 * Countries with their dialling codes for the phone-number pickers: none while they load or when
 * the call fails. Kept for the page (per language): a picker opened later has them at once.
 */
export function useCountries(): CountryEntry[] {
  // No signal: the API client's cached request is one for all its callers (the start-up asks too).
  const countries = useCall(() => api.cached(countriesCall), [], { cache: 'countries' });
  const list = countries.status === 'success' ? countries.data : countries.status === 'loading' ? countries.staleData : undefined;
  return Array.isArray(list) ? list : NO_COUNTRIES;
}
