/**
 * Checksums of the two Chinese identity numbers the certification forms take. Pure functions, used
 * by the contract schemas (so browser forms and the server apply one rule) and by the server.
 */

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK = '10X98765432';

/** Trimmed, check character upper-cased (`...x` → `...X`): the form ID card numbers are stored in. */
export function normalizeChineseIdCard(value: string): string {
  return value.trim().toUpperCase();
}

/** Today as `YYYYMMDD` in China Standard Time (UTC+8, no daylight saving). */
function todayInChina(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

function isValidBirthDate(yyyymmdd: string, now: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return yyyymmdd <= todayInChina(now);
}

/**
 * A resident identity card number, GB 11643-1999: 17 digits (6 region, 8 birth date YYYYMMDD, 3
 * sequence) and an ISO 7064 MOD 11-2 check character (0-9 or X; a lower-case x is accepted).
 * The birth date must exist, be from 1900 on and not lie in the future.
 */
export function isValidChineseIdCard(value: string, now: Date = new Date()): boolean {
  const id = normalizeChineseIdCard(value);
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isValidBirthDate(id.slice(6, 14), now)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (ID_CARD_WEIGHTS[i] as number);
  return ID_CARD_CHECK[sum % 11] === id[17];
}

/** The 31 characters of a unified social credit code: digits and capitals without I, O, S, V, Z. */
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** Trimmed and upper-cased: the form credit codes are stored in. */
export function normalizeUscc(value: string): string {
  return value.trim().toUpperCase();
}

/** The check character of the first 17 characters of a credit code, or null if one is not in the alphabet. */
export function usccCheckCharacter(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_ALPHABET.indexOf(first17[i] as string);
    if (value < 0) return null;
    sum += value * (USCC_WEIGHTS[i] as number);
  }
  // 31 - sum mod 31, where 31 (sum divisible by 31) is written 0.
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] as string;
}

/**
 * A unified social credit code, GB 32100-2015: 18 characters from 0-9 A-H J-N P-R T-U W-Y, the
 * last a MOD 31 check character over the first 17. Upper case is expected; normalizeUscc first.
 */
export function isValidUscc(value: string): boolean {
  if (!/^[0-9A-HJ-NP-RT-UW-Y]{18}$/.test(value)) return false;
  return usccCheckCharacter(value.slice(0, 17)) === value[17];
}
