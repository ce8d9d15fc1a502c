import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Password hashes in a self-describing format, `scrypt$N$r$p$salt$hash` (salt and hash base64url),
 * so the cost can be raised later: verify() reads the parameters from the stored value and
 * needsRehash() tells the login to upgrade an old hash while it has the plain password.
 *
 * N=2^15, r=8, p=1 uses 32 MiB and about 50-100 ms per hash on the 2-core VM: a guess costs an
 * attacker as much, while a burst of logins does not exhaust the server's memory. (OWASP's 2^17 is
 * 128 MiB per concurrent login.)
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * Hashes run at most one per core at a time; the rest wait their turn. More at once would not finish
 * sooner (each keeps a core busy) but would hold 32 MiB each and take every thread of libuv's pool,
 * which file reads and compression share: a burst of logins would cost the whole instance memory
 * and latency (4 at once, the pool's size, were the peak of an embedded shop's memory).
 */
export const HASH_CONCURRENCY = Math.min(4, availableParallelism());
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (so the count never dips for a newcomer to take it).
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** How many hashes are running now (tests). */
export const hashesRunning = () => hashing;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  // Node refuses above maxmem (32 MiB by default, exactly our need): allow twice the requirement.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  // NFKC: the same password typed with a full-width (Chinese IME) or a half-width keyboard matches.
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface Parsed {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parse(encoded: string): Parsed | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,10}$/.test(v ?? '') ? Number(v) : Number.NaN));
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  // Refuse anything a tampered row could use to make one login hog CPU or memory.
  const sane = N !== undefined && r !== undefined && p !== undefined && N > 1 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  if (!sane || r < 1 || r > 32 || p < 1 || p > 16 || salt.length < 8 || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

/** Whether `password` matches the stored hash; false for a malformed hash. Constant-time compare. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash uses other parameters than today's: rehash it at the next login. */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p || parsed.key.length !== KEY_BYTES;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when the login id is unknown, so response times do
 * not tell which mobile numbers have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy password: never matches a session');
  await verifyPassword(password, await dummy);
  return false;
}
