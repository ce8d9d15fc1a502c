import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZOD_ENTRY_FOLDER, ZOD_LOCALES_INDEX } from './rsbuild.ts';
import * as englishOnly from './zod-locales-en.ts';

const zodRoot = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));

describe('zod in the browser builds: English only', () => {
  it("replaces the locales index exactly where zod's classic and core entries import it", () => {
    for (const [entry, file] of [
      ['classic', 'external.js'],
      ['core', 'index.js'],
    ]) {
      const source = readFileSync(path.join(zodRoot, 'v4', entry as string, file as string), 'utf8');
      expect(source).toContain('export * as locales from "../locales/index.js"');
      expect(ZOD_ENTRY_FOLDER.test(path.join(zodRoot, 'v4', entry as string))).toBe(true);
    }
    expect(ZOD_LOCALES_INDEX.test('../locales/index.js')).toBe(true);
    expect(ZOD_LOCALES_INDEX.test('./locales/index.js')).toBe(false);
    expect(ZOD_ENTRY_FOLDER.test(path.join(zodRoot, 'v4', 'mini'))).toBe(false);
  });

  it('keeps English, the locale zod configures by default', () => {
    expect(Object.keys(englishOnly)).toEqual(['en']);
    expect(typeof englishOnly.en().localeError).toBe('function');
  });
});
