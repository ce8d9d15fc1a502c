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
