import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/mobile';
import { countryOptions } from '../i18n/countries.ts';

/**
 * Mobile numbers as login ids and SMS destinations. Pure functions used by the contract's schemas
 * (so forms and server apply one rule) and by the server's SMS country check.
 *
 * Two stored forms: a mainland-China number stays its 11 digits, exactly as accounts have always
 * been stored (`13800138000`, whatever was typed: `+86 138 0013 8000` too); any other number is
 * E.164 (`+14155550123`). Mainland numbers keep their own rule (`1[3-9]` and 9 digits, as before
 * international numbers were taken), so no member's number turns invalid; every other number is
 * checked with libphonenumber's mobile metadata (Google's, maintained with each numbering plan's
 * changes): a landline cannot receive the code, so it is refused.
 */

export type { CountryCode };

/** A mainland-China mobile number as stored: 11 digits, 13x–19x. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

/** Separators people type inside a number: spaces, hyphens, dots, brackets. */
const SEPARATORS = /[\s\-.()\u00a0\u3000]/g;
/** What a typed number may hold at all; anything else (letters, control characters) is refused. */
const TYPED = /^\+?[\d\s\-.()\u00a0\u3000]{4,32}$/;

/**
 * The stored form of a mobile number, or null when it is not a valid mobile number.
 *
 * - Without `+` (or `00`): an 11-digit mainland number, as always; else, with `defaultCountry`,
 *   a national number of that country (the login field, where a visitor types their number as
 *   they know it). The contract gives no default country: the browser sends `+` numbers.
 * - With `+` or `00`: an international number; `+86` numbers follow the mainland rule.
 */
export function normalizeMobile(input: string, defaultCountry?: CountryCode): string | null {
  const typed = input.normalize('NFKC').trim();
  if (!TYPED.test(typed.replace(/^00/, '+'))) return null;
  const digits = typed.replace(SEPARATORS, '');
  const international = digits.startsWith('+') || digits.startsWith('00');
  if (!international) {
    if (MAINLAND_MOBILE.test(digits)) return digits;
    if (!defaultCountry || defaultCountry === 'CN' || !isSupportedCountry(defaultCountry)) return null;
    return e164(parsePhoneNumberFromString(digits, defaultCountry));
  }
  return e164(parsePhoneNumberFromString(`+${digits.replace(/^(\+|00)/, '')}`));
}

function e164(parsed: ReturnType<typeof parsePhoneNumberFromString>): string | null {
  if (!parsed) return null;
  if (parsed.countryCallingCode === '86') {
    const national = String(parsed.nationalNumber);
    return MAINLAND_MOBILE.test(national) ? national : null;
  }
  return parsed.isValid() ? parsed.number : null;
}

/** Whether a text is a mobile number the contract accepts (mainland digits, or `+` international). */
export const isValidMobile = (input: string) => normalizeMobile(input) !== null;

/**
 * The regions (ISO 3166-1 alpha-2, as libphonenumber names them) a stored number is valid in, the
 * one its area code belongs to first: `CN` for mainland numbers; for `+44 7911 1…` Guernsey, then
 * GB, which shares the numbering plan.
 */
export function mobileRegions(stored: string): CountryCode[] {
  if (MAINLAND_MOBILE.test(stored)) return ['CN'];
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed?.isValid()) return [];
  const regions = getCountries().filter(
    (region) =>
      region !== parsed.country &&
      getCountryCallingCode(region) === parsed.countryCallingCode &&
      parsePhoneNumberFromString(parsed.nationalNumber, region)?.isValid() === true,
  );
  // The library's own answer (by area code) first: it names the country in messages.
  return parsed.country ? [parsed.country, ...regions] : regions;
}

/**
 * Whether SMS may go to a stored number under an allow-list of regions (null: anywhere, as the
 * sandbox sends).
 */
export function smsAllowed(stored: string, allowed: readonly string[] | null): boolean {
  if (allowed === null) return true;
  return mobileRegions(stored).some((region) => allowed.includes(region));
}

/** Every region libphonenumber has a numbering plan for (ISO 3166-1 alpha-2 and a few like XK, AC, TA). */
export const phoneRegions = (): CountryCode[] => getCountries();

export const isPhoneRegion = (code: string): code is CountryCode => isSupportedCountry(code);

/** `US` → `1`, `CN` → `86`. */
export const callingCode = (region: CountryCode): string => getCountryCallingCode(region);

/**
 * The number a form sends: the country picker's calling code before the national digits as typed
 * (`US`, `(415) 555-0123` → `+14155550123`); a number typed with `+` keeps its own code.
 */
export function internationalForm(region: CountryCode, national: string): string {
  const typed = national.normalize('NFKC').trim();
  if (typed.startsWith('+') || typed.startsWith('00')) return typed;
  // A national trunk prefix (0 in most of the world: 07911 in the UK) is not dialled after the code.
  const parsed = parsePhoneNumberFromString(typed, region);
  if (parsed && parsed.countryCallingCode === callingCode(region)) return parsed.number;
  return `+${callingCode(region)}${typed.replace(SEPARATORS, '')}`;
}

/**
 * The region a phone picker starts on: the mainland for Chinese pages; for other languages the
 * region of the browser's first language that names one (`en-GB` → GB), else the United States.
 * Always one of `offered` when that list is given and not empty.
 */
export function defaultPhoneRegion(
  locale: string,
  browserLanguages: readonly string[] = [],
  offered?: readonly string[],
): CountryCode {
  const pick = (region: string | undefined): CountryCode | null =>
    region && isSupportedCountry(region) && (!offered?.length || offered.includes(region)) ? region : null;
  if (locale.startsWith('zh')) return pick('CN') ?? fallback(offered);
  for (const language of browserLanguages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(language).maximize().region;
    } catch {
      continue; // not a language tag
    }
    const found = pick(region);
    if (found) return found;
  }
  return pick('US') ?? fallback(offered);
}

function fallback(offered?: readonly string[]): CountryCode {
  const first = offered?.find((r) => isSupportedCountry(r));
  return (first as CountryCode | undefined) ?? 'CN';
}

/** A phone picker's option: `United States (+1)`, in the page's language and collation. */
export interface PhoneCountryOption {
  code: CountryCode;
  name: string;
  callingCode: string;
}

/** The countries a phone picker offers: those SMS reaches (`allowed`, null: every one), named and sorted by CLDR. */
export function phoneCountryOptions(locale: string, allowed: readonly string[] | null): PhoneCountryOption[] {
  return countryOptions(
    locale,
    (allowed ?? getCountries()).filter((c) => isSupportedCountry(c)),
  ).map(({ code, name }) => ({
    code: code as CountryCode,
    name,
    callingCode: getCountryCallingCode(code as CountryCode),
  }));
}
