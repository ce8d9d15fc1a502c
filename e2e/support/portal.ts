import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATA_DIR = process.env.E2E_DATA_DIR as string;

/** Runs the registry CLI against the e2e server's data, as ops would (`npm run remote -- …`). */
export function remoteCli(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync('node', ['scripts/remote.mjs', ...args], { cwd: ROOT, env: { ...serverEnv, ...env }, encoding: 'utf8' });
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
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

export async function expectRemotePage(page: Page, remote: string) {
  await expect(page.locator(`[data-remote="${remote}"]`)).toBeAttached();
}

/** Runs the ops CLI against the e2e server's data (`npm run ops -- …`). */
export function opsCli(args: string[]) {
  const res = spawnSync('node', ['scripts/ops.mjs', ...args], { cwd: ROOT, env: serverEnv, encoding: 'utf8' });
  return { code: res.status ?? 1, out: `${res.stdout}${res.stderr}` };
}

/** A fresh user made through the server's own code (ops CLI). */
export function createUser(balanceMb = 2048) {
  const mobile = `139${String(Date.now()).slice(-8)}`;
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
  await page.getByLabel(labels.password).fill(user.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/** Signs a fresh user in through the API and puts the session where the shell keeps it. */
export async function signIn(page: Page, balanceMb = 2048) {
  const user = createUser(balanceMb);
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
