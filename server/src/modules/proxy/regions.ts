import { createRequire } from 'node:module';
import { COUNTRY_CODES, countryName, type ProxyArea, type ProxyCity, type ProxyCountry, placeToken } from '@portal/shared';
import type { ICity, IState } from 'country-state-city';
import { zhSubdivisionName } from './subdivision-names.ts';

/**
 * Regions for targeting (SPEC section 5): the inhabited countries and regions every picker offers
 * (shared/src/i18n/countries.ts, CLDR names: "United States", "Iran", "Taiwan"), their states and cities from country-state-city (ISO 3166-2). Everything is loaded
 * lazily on first use and kept for the life of the process; the city data (the one large file) is
 * only loaded when a city list is first asked for, and each state's cities are cached on their own.
 */

/** Countries the network does not serve: CN (the service is for overseas environments only) and embargoed ones. */
export const UNCOVERED_COUNTRIES: ReadonlySet<string> = new Set(['CN', 'KP', 'IR', 'SY', 'CU']);

export const isCovered = (countryCode: string) => !UNCOVERED_COUNTRIES.has(countryCode);

const require = createRequire(import.meta.url);

interface StatesLib {
  getStatesOfCountry(countryCode: string): IState[];
}
interface CitiesLib {
  getCitiesOfState(countryCode: string, stateCode: string): ICity[];
}

let countries: { list: ProxyCountry[]; codes: Set<string> } | null = null;
const areas = new Map<string, ProxyArea[]>();
const cities = new Map<string, ProxyCity[]>();
let statesLib: StatesLib | null = null;
let citiesLib: CitiesLib | null = null;

// The package's modules one by one (exact version pinned): its index would load every city at once.
const loadStates = () => {
  statesLib ??= (require('country-state-city/lib/cjs/state.js') as { default: StatesLib }).default;
  return statesLib;
};
const loadCities = () => {
  citiesLib ??= (require('country-state-city/lib/cjs/city.js') as { default: CitiesLib }).default;
  return citiesLib;
};

function loadCountries() {
  if (countries) return countries;
  const list = COUNTRY_CODES.map((code) => ({
    code,
    name: { en: countryName(code, 'en'), 'zh-CN': countryName(code, 'zh-CN') },
    covered: isCovered(code),
  }));
  const collator = new Intl.Collator('en');
  list.sort((a, b) => collator.compare(a.name.en, b.name.en));
  countries = { list, codes: new Set(list.map((c) => c.code)) };
  return countries;
}

/** Every inhabited country and region, sorted by English name (pickers re-sort in their language). */
export const countryList = (): ProxyCountry[] => loadCountries().list;

/** Whether the code (upper case) is a known country. */
export const isCountry = (code: string) => loadCountries().codes.has(code);

/**
 * A country's states or provinces (upper-case country code; the caller checks it exists). No data
 * package has Chinese names of subdivisions: the United States' come from our table
 * (subdivision-names.ts), others keep the English name in both languages.
 */
export function areaList(countryCode: string): ProxyArea[] {
  const cached = areas.get(countryCode);
  if (cached) return cached;
  const covered = isCovered(countryCode);
  const list = loadStates()
    .getStatesOfCountry(countryCode)
    .map((s) => ({
      code: s.isoCode,
      name: { en: s.name, 'zh-CN': zhSubdivisionName(countryCode, s.isoCode, s.name) },
      token: placeToken(s.name),
      covered,
    }))
    .filter((a) => a.token !== '');
  areas.set(countryCode, list);
  return list;
}

/** A state's cities, one per username token (English names in both languages, as for states). */
export function cityList(countryCode: string, areaCode: string): ProxyCity[] {
  const key = `${countryCode}-${areaCode}`;
  const cached = cities.get(key);
  if (cached) return cached;
  // Only known areas reach the data (and the cache): anything else is an empty list.
  if (!areaList(countryCode).some((a) => a.code === areaCode)) return [];
  const covered = isCovered(countryCode);
  const seen = new Set<string>();
  const list: ProxyCity[] = [];
  for (const c of loadCities().getCitiesOfState(countryCode, areaCode)) {
    const token = placeToken(c.name);
    if (!token || seen.has(token)) continue;
    seen.add(token);
    list.push({ name: { en: c.name, 'zh-CN': c.name }, token, covered });
  }
  cities.set(key, list);
  return list;
}
