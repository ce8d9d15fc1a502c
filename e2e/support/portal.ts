import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATA_DIR = process.env.E2E_DATA_DIR as string;

/**
 * Where the e2e server reads a remote version's files: DATA_DIR/remotes in the embedded mode; on
 * PostgreSQL the versions are in the database and each instance serves its copy from DATA_DIR/cache.
 */
export const versionFolder = (name: string, version: string) =>
  serverEnv.DATABASE_URL ? path.join(DATA_DIR, 'cache', 'remotes', name, version) : path.join(DATA_DIR, 'remotes', name, version);

/** Runs the registry CLI against the e2e server's data, as ops would (`npm run remote -- …`). */
export function remoteCli(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync('node', ['scripts/remote.mjs', ...args], { cwd: ROOT, env: { ...serverEnv, ...env }, encoding: 'utf8' });
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
}

/**
 * A remote's current version and every version kept, oldest first, as `remote list` prints them:
 * the registry is a file in the embedded mode and a table on PostgreSQL, so the test asks the CLI.
 */
export function remoteVersions(name: string): { current: string | null; versions: string[] } {
  const { code, out } = remoteCli(['list']);
  if (code !== 0) throw new Error(`remote list failed: ${out}`);
  const lines = out.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${name}  current: `));
  if (start < 0) throw new Error(`remote list printed no ${name}: ${out}`);
  const current = lines[start]?.slice(`${name}  current: `.length).trim() ?? '';
  const versions: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    const m = /^ {2}[* ] (\S+) {2}deployed /.exec(line);
    if (m?.[1]) versions.push(m[1]);
  }
  return { current: current === '(none)' ? null : current, versions };
}

/** Collects console errors and page errors so a test can assert a clean page. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/**
 * A server-rendered page is on screen before it has its handlers: a click then does nothing. Waits
 * for the shell's mark, set once the first render is committed.
 */
export async function untilInteractive(page: Page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

export async function expectRemotePage(page: Page, remote: string) {
  await expect(page.locator(`[data-remote="${remote}"]`)).toBeAttached();
}

/** Runs the ops CLI against the e2e server's data (`npm run ops -- …`). */
export function opsCli(args: string[], env: Record<string, string> = serverEnv) {
  const res = spawnSync('node', ['scripts/ops.mjs', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
}

let lastStamp = 0;
/**
 * Digits for a unique name or number in this run: milliseconds never repeated within a worker, and
 * the worker's index as the last digit, so parallel workers never pick the same one.
 */
export function uniqueDigits(length = 8): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return String(lastStamp * 10 + worker).slice(-length);
}

/** A fresh user made through the server's own code (ops CLI); the starting balance lasts `days` (ops' default: 365). */
export function createUser(balanceMb = 2048, days?: number) {
  const mobile = `139${uniqueDigits()}`;
  const password = 'Pw-e2e-12345';
  const res = opsCli([
    'user',
    'create',
    '--mobile',
    mobile,
    '--password',
    password,
    '--nickname',
    'E2E',
    '--balance',
    String(balanceMb),
    ...(days === undefined ? [] : ['--days', String(days)]),
  ]);
  if (res.code !== 0) throw new Error(`user create failed: ${res.out}`);
  return { mobile, password };
}

export async function logIn(
  page: Page,
  user: { mobile: string; password: string },
  labels = { mobile: '手机号', password: '密码', submit: '登录' },
) {
  await page.getByLabel(labels.mobile).fill(user.mobile);
  await page.getByLabel(labels.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** Signs a fresh user in through the API and puts the session where the shell keeps it. */
export async function signIn(page: Page, balanceMb = 2048, days?: number) {
  const user = createUser(balanceMb, days);
  const res = await page.request.post('/app-api/member/auth/login', { data: { mobile: user.mobile, password: user.password } });
  const body = (await res.json()) as { code: number; data: { token: string } | null; msg: string };
  if (body.code !== 0 || !body.data) throw new Error(`login failed: ${body.msg}`);
  const token = body.data.token;
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e.signedIn')) {
      localStorage.setItem('portal.auth', JSON.stringify({ token: t, userInfo: null }));
      sessionStorage.setItem('e2e.signedIn', '1');
    }
  }, token);
  return { ...user, token };
}

/** The newest code the sandbox outbox holds for a mobile number or e-mail address. */
export async function codeFromOutbox(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(`/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: Array<{ code: string | null }> };
    const code = messages.find((m) => m.code)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

export const uniqueMobile = () => `137${uniqueDigits()}`;
export const uniqueEmail = () => `e2e-${uniqueDigits(13)}-${Math.floor(Math.random() * 1e6)}@example.com`;

type Point = { x: number; y: number };

/**
 * The server refuses an answer sooner than a person could give it (MIN_SOLVE_MS in
 * server/src/modules/captcha/service.ts, measured from `captcha/get`); margin included.
 */
const MIN_SOLVE_MS: Record<string, number> = { blockPuzzle: 500 + 200, clickWord: 1000 + 200 };

/**
 * Answers the open captcha through the widget as a user would (keyboard on the slider, clicks on
 * the picture), never sooner than a person could: the last key or click waits until the minimum
 * time has passed since the challenge appeared. The answer comes from the server's own ops
 * command, never from an HTTP route. `wrong` answers it wrongly on purpose.
 */
export async function solveCaptcha(page: Page, env: Record<string, string>, { wrong = false } = {}) {
  const dialog = page.getByTestId('captcha');
  await expect(dialog).toHaveAttribute('data-captcha-token', /.+/);
  // The token is on the page only after `get` answered, so this is later than the server's start.
  const shownAt = Date.now();
  const token = (await dialog.getAttribute('data-captcha-token')) as string;
  const type = await dialog.getAttribute('data-captcha-type');
  const waitLikeAPerson = async () => {
    const left = shownAt + (MIN_SOLVE_MS[type ?? ''] ?? 1200) - Date.now();
    if (left > 0) await page.waitForTimeout(left);
  };
  const res = opsCli(['captcha', 'answer', token], env);
  if (res.code !== 0) throw new Error(`captcha answer failed: ${res.out}`);
  const answer = JSON.parse(res.out.trim().split('\n').pop() as string) as Point | Point[];
  if (type === 'blockPuzzle') {
    const x = wrong ? ((answer as Point).x + 60) % 250 : (answer as Point).x;
    const handle = page.getByTestId('captcha-handle');
    await handle.focus();
    for (let i = 0; i < Math.floor(x / 10); i++) await handle.press('Shift+ArrowRight');
    for (let i = 0; i < x % 10; i++) await handle.press('ArrowRight');
    await waitLikeAPerson();
    await handle.press('Enter');
  } else {
    const image = page.getByTestId('captcha-image');
    const box = await image.boundingBox();
    if (!box) throw new Error('captcha image not visible');
    const points = answer as Point[];
    const order = wrong ? [...points].reverse() : points;
    const click = (p: Point) => image.click({ position: { x: (p.x / 310) * box.width, y: (p.y / 155) * box.height } });
    for (const p of order.slice(0, -1)) await click(p);
    await waitLikeAPerson();
    const last = order.at(-1);
    if (last) await click(last);
  }
  return token;
}
