/**
 * Countries and regions for pickers: ISO 3166-1 alpha-2 codes, named from CLDR through
 * `Intl.DisplayNames` in the page's language ("United States", "Iran", "Taiwan"; 美国、伊朗、台湾),
 * sorted by that name with the language's collation (`Intl.Collator`: pinyin order in Chinese).
 * No DOM: the server and the browser list the same countries.
 */

/** ISO 3166-1 alpha-2, officially assigned codes (249), plus XK (Kosovo, which issues passports). */
const ISO_3166_1 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

/**
 * Territories without a permanent population: no one lives, buys or holds papers there, so no
 * picker offers them (Antarctica, Bouvet Island, Heard & McDonald Islands, South Georgia, the
 * French Southern Territories, the U.S. Outlying Islands, the British Indian Ocean Territory).
 */
export const UNINHABITED_REGIONS: readonly string[] = ['AQ', 'BV', 'HM', 'GS', 'TF', 'UM', 'IO'];

/** Every code a picker offers, unsorted. */
export const COUNTRY_CODES: readonly string[] = ISO_3166_1.split(' ').filter((c) => !UNINHABITED_REGIONS.includes(c));

const CODE_SET = new Set(COUNTRY_CODES);
/** Whether a code is one of the inhabited countries and regions (upper case expected). */
export const isCountryCode = (code: string) => CODE_SET.has(code);

export interface CountryOption {
  code: string;
  name: string;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The name of a region in a language, as CLDR gives it; the code itself if the runtime has none. */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed region code
  }
}

/**
 * Picker options in a language, sorted by the shown name with its collation. `codes` narrows the
 * list (the regions SMS can reach); codes outside the inhabited list are dropped.
 */
export function countryOptions(locale: string, codes: readonly string[] = COUNTRY_CODES): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return codes
    .filter(isCountryCode)
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}
