import { useBusState } from '@platform/shared';
import { useEffect, useState } from 'react';
import type { CountryEntry } from '../types/wire';
import { normaliseDialingCode } from './country-flag';
import { useCountries } from './use-countries';

/** The visitor's own country when the list has it (the system status locates them), else the first. */
export function preferredDialingCode(countries: CountryEntry[], visitorCountry: string | null | undefined): string {
  const own = countries.find((country) => country.countryCode.toUpperCase() === visitorCountry?.toUpperCase());
  const chosen = own ?? countries[0];
  return chosen ? normaliseDialingCode(chosen.countryDialingCode) : '';
}

/** The country list and the chosen dialling code, defaulting once the list arrives. */
export function useDialingCode(initial = ''): { countries: CountryEntry[]; dialingCode: string; setDialingCode: (code: string) => void } {
  const countries = useCountries();
  const { status } = useBusState('settings');
  const [dialingCode, setDialingCode] = useState(initial);
  const visitorCountry = status?.location.country;

  useEffect(() => {
    if (!dialingCode && countries.length) setDialingCode(preferredDialingCode(countries, visitorCountry));
  }, [countries, dialingCode, visitorCountry]);

  return { countries, dialingCode, setDialingCode };
}
