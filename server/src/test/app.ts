import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { FetchLike } from '../modules/messaging/transports.ts';
import { type Config, loadConfig } from '../config/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { publishWorkingTreeRemotes } from './dist.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** A temp folder holding `data/` (DATA_DIR) and `shell/` (SHELL_DIST), removed by close(). */
  dir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Read like the process environment, so tests go through the same validation as production.
   * CAPTCHA_ENABLED defaults to false here (tests of the captcha turn it on); the server's default is true.
   */
  env?: Record<string, string>;
  /** The app's clock (time rules); the real time by default. */
  clock?: Clock;
  fetch?: FetchLike;
  /** Share one database between several apps of a test file; the caller destroys it. */
  database?: TestDatabase;
  /** The app's logger; none by default. */
  logger?: FastifyServerOptions['logger'];
  /** Publish every remote as the working tree declares its pages (test/dist.ts), so page paths answer. */
  remotes?: boolean;
  /** Extra routes for the test, registered before the app is ready. */
  register?: (app: FastifyInstance) => void;
}

/** DATA_ENCRYPTION_KEY of test apps (required once SANDBOX=false); pass `DATA_ENCRYPTION_KEY: ''` to test without. */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

/** The real app on a fresh database and temp data folder. */
export async function createTestApp({
  env = {},
  database,
  register,
  clock,
  fetch,
  logger = false,
  remotes = false,
}: TestAppOptions = {}): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-server-test-'));
  const config = loadConfig({
    DATA_DIR: join(dir, 'data'),
    SHELL_DIST: join(dir, 'shell'),
    CAPTCHA_ENABLED: 'false',
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    ...env,
  });
  const db = database ?? (await createTestDatabase());
  // Pages exist only as the served remote versions declare them (in the registry the app reads:
  // the database on PostgreSQL, DATA_DIR on PGlite).
  if (remotes) await publishWorkingTreeRemotes(config.dataDir, db);
  const app = await buildApp({
    config,
    database: db,
    logger,
    ...(clock && { clock }),
    ...(fetch && { fetch }),
  });
  register?.(app);
  await app.ready();
  return {
    app,
    config,
    database: db,
    dir,
    async close() {
      await app.close();
      if (!database) await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A clock that stands still until moved: `clock.advance(61_000)`. Starts at the real time. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (date: Date) => {
    now = date.getTime();
  };
  return clock;
}

let alipayMerchant: Record<string, string> | null = null;

/**
 * SANDBOX=false with a real provider configured, as the configuration requires: an Alipay merchant
 * with throw-away keys (no SMS or e-mail provider, so those channels are unavailable). Nothing
 * reaches Alipay unless a test starts an Alipay payment.
 */
export function withoutSandboxEnv(): Record<string, string> {
  if (!alipayMerchant) {
    const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }) as string;
    const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
    alipayMerchant = {
      ALIPAY_APP_ID: '2021000000000099',
      ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
    };
  }
  return { SANDBOX: 'false', ...alipayMerchant };
}
