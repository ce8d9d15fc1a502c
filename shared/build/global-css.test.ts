// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageSystem, system } from '../src/ui/theme.ts';
import { buildGlobalCss, globalCssFile, globalCssOf } from './global-css.ts';

const definitions = (css: string) => new Set([...css.matchAll(/(--chakra-[\w\\.-]+)\s*:/g)].map((m) => m[1]));

describe('the global stylesheet', () => {
  const raw = globalCssOf(system);
  const built = buildGlobalCss(system);

  it('declares the layer order first, then holds the reset, the portal global styles and every token', () => {
    expect(built.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(built).toContain('@layer reset{');
    expect(built).toMatch(/text-wrap:balance/);
    for (const token of ['--chakra-colors-brand-600', '--chakra-colors-fg-error', '--chakra-spacing-4', '--chakra-radii-l2'])
      expect(definitions(built)).toContain(token);
  });

  it('loses no custom property to minification', () => {
    expect(definitions(built)).toEqual(definitions(raw));
    expect(built.length).toBeLessThan(raw.length);
  });

  it('is named by its content', () => {
    expect(globalCssFile(built)).toMatch(/^static\/css\/global\.[0-9a-f]{10}\.css$/);
    expect(globalCssFile(built)).toBe(globalCssFile(buildGlobalCss(system)));
    expect(globalCssFile(`${built} `)).not.toBe(globalCssFile(built));
  });

  it('is not inserted by the system the apps provide (ChakraProvider inserts the layer order unless layers are off)', () => {
    const atRule = pageSystem._config.disableLayers ? '' : pageSystem.layers.atRule;
    expect(globalCssOf({ ...pageSystem, layers: { atRule } })).toBe('');
    expect(pageSystem.css({ colorPalette: 'brand', color: 'colorPalette.fg' })).toEqual(
      system.css({ colorPalette: 'brand', color: 'colorPalette.fg' }),
    );
  });
});
