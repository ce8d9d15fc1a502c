import { randomInt } from 'node:crypto';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** No 0/O/o, 1/l/I: read aloud to support or typed from a screenshot without mistakes. */
const UNAMBIGUOUS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet.charAt(randomInt(alphabet.length))).join('');

/** The proxy login of one IP: `u` and 8 random lowercase letters or digits (36^8 ≈ 2.8·10^12). */
export const newProxyAccount = () => `u${pick(LOWER_ALNUM, 8)}`;

/** The proxy password of one IP: 16 characters of a 56-letter alphabet (≈ 93 bits), crypto.randomInt. */
export const newProxyPassword = () => pick(UNAMBIGUOUS, 16);
