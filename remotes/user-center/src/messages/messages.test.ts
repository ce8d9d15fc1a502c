import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_CATEGORIES } from '@portal/shared';
import en from './en.json';
import zhCN from './zh-CN.json';

// happy-dom replaces URL, so the path is taken from import.meta.dirname rather than a file: URL.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('user-center message catalogs', () => {
  it('have the same keys in English and Chinese', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('have every literal id the pages use, and a label for every help category', () => {
    const used = new Set(HELP_CATEGORIES.map((c) => `uc.help.category.${c}`));
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](uc\.[A-Za-z0-9_.-]+)(['"`]|\$\{)/g)) {
        if (m[2] !== '${') used.add(m[1] as string);
      }
    }
    const missing = [...used].filter((id) => !(id in en) || !(id in zhCN));
    expect(missing).toEqual([]);
  });
});
