import { api } from '@platform/shared';
import { countriesCall } from '../contract';
import type { CountryEntry } from '../types/wire';
import { useEffect, useState } from 'react';

/** Countries with their dialling codes for the phone-number pickers (cached per language). */
export function useCountries(): CountryEntry[] {
  const [countries, setCountries] = useState<CountryEntry[]>([]);
  useEffect(() => {
    let live = true;
    api
      .cached(countriesCall)
      .then((list) => live && setCountries(Array.isArray(list) ? list : []))
      .catch(() => live && setCountries([]));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}
