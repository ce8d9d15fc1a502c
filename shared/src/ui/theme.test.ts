import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import * as firstPaint from './chakra.ts';
import * as deferred from './chakra-deferred.ts';
import { HEADINGS, recipes, slotRecipes, system } from './theme.ts';

const esm = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist/esm');

/** The module of Chakra's dist that defines each export of its index (named or namespace re-export). */
function exportSources(): Map<string, string> {
  const index = readFileSync(path.join(esm, 'index.js'), 'utf8');
  const where = new Map<string, string>();
  for (const [, names = '', from = ''] of index.matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    for (const name of names.split(',')) {
      const [local = '', alias] = name.trim().split(/\s+as\s+/);
      where.set((alias ?? local).trim(), from);
    }
  }
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map(([, ns = '', from = '']) => [ns, from]),
  );
  for (const [, ns = '', name = ''] of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const from = namespaces.get(ns);
    if (from) where.set(name, from);
  }
  return where;
}

/** Every recipe key (`key: "button"`) the module and the Chakra modules it imports ask the theme for. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, key = ''] of source.matchAll(/key: "(\w+)"/g)) keys.add(key);
  for (const [, from = ''] of source.matchAll(/from '(\.[^']+)'/g)) {
    for (const key of recipeKeys(path.resolve(path.dirname(file), from), seen)) keys.add(key);
  }
  return keys;
}

describe('the slim Chakra theme', () => {
  const sources = exportSources();
  const known = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);
  const needed = new Set<string>();
  for (const name of [...Object.keys(firstPaint), ...Object.keys(deferred)]) {
    const from = sources.get(name);
    expect(from, `${name} is exported by @chakra-ui/react`).toBeDefined();
    // Re-exports of Ark UI (Portal, createToaster) have no recipe.
    if (from?.startsWith('.')) for (const key of recipeKeys(path.join(esm, from))) if (known.has(key)) needed.add(key);
  }

  it('has the recipe of every component the portal uses (a missing one renders it unstyled, silently)', () => {
    const configured = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    expect([...needed].filter((key) => !configured.has(key)).sort()).toEqual([]);
  });

  it('has no recipe that no exported component uses', () => {
    const unused = [...Object.keys(recipes), ...Object.keys(slotRecipes)].filter((key) => !needed.has(key));
    expect(unused.sort()).toEqual([]);
  });

  it('files each recipe under its own kind, as the default theme does', () => {
    for (const key of Object.keys(recipes)) expect(system.isRecipe(key), key).toBe(true);
    for (const key of Object.keys(slotRecipes)) expect(system.isSlotRecipe(key), key).toBe(true);
    expect(Object.keys(recipes).filter((key) => !(key in chakraRecipes))).toEqual([]);
    expect(Object.keys(slotRecipes).filter((key) => !(key in chakraSlotRecipes))).toEqual([]);
  });

  it('keeps the default tokens and the portal brand palette', () => {
    expect(system.token('colors.brand.600')).toBe('#2450eb');
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.token('colors.gray.200')).toBeDefined();
  });

  it('balances the lines of every heading (no lone character on the last line in Chinese)', () => {
    const global = system._config.globalCss as Record<string, { textWrap?: string }>;
    expect(global[HEADINGS]?.textWrap).toBe('balance');
    expect(HEADINGS).toContain('h1');
    expect(HEADINGS).toContain('.chakra-heading');
    expect((global.p as { textWrap?: string } | undefined)?.textWrap).toBe('pretty');
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
/** The colour a (semantic) token ends at: `{colors.gray.600}` → `#52525b`. */
function resolve(name: string): string {
  const token = system.tokens.getByName(name);
  const original = String(token?.originalValue ?? '');
  const ref = /^\{(.+)\}$/.exec(original)?.[1];
  return ref ? resolve(ref) : original;
}

describe('focus indicators', () => {
  const palettes = ['brand', 'gray', 'red', 'orange', 'green', 'blue', 'yellow', 'teal', 'purple', 'pink', 'cyan'];

  it.each(palettes)('the %s focus ring reaches 3:1 on white and on the subtle page background', (palette) => {
    const ring = resolve(`colors.${palette}.focusRing`);
    expect(ring).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(ring, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, resolve('colors.gray.50'))).toBeGreaterThanOrEqual(3);
  });

  it('draws a ring around a focused choice card instead of tinting it like a selected one', () => {
    const item = slotRecipes.radioCard.base?.item as Record<string, unknown>;
    expect(item._focus).toBeUndefined();
    expect(item._focusVisible).toMatchObject({ outlineStyle: 'solid', outlineColor: 'colorPalette.focusRing' });
  });
});
