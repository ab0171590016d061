import { useMemo } from 'react';
import { countryName, countryOptions } from '@shared/countries';

/** The visitor's language as the browser reports it; English names when none is given. */
const browserLocale = () => (typeof navigator !== 'undefined' ? navigator.language : undefined);

/** The options of a country select: every ISO 3166-1 country, named and sorted in the visitor's language. */
export function CountryOptions() {
  const options = useMemo(() => countryOptions(browserLocale()), []);
  return (
    <>
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/** A stored country code as the visitor reads it. */
export const displayCountry = (code: string | null | undefined) => (code ? countryName(code, browserLocale()) : null);
