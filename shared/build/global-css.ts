import { createHash } from 'node:crypto';
import createCache from '@emotion/cache';
import { css } from '@emotion/react';
import type { RsbuildPlugin } from '@rsbuild/core';
import { transform } from 'lightningcss';

/**
 * Chakra's global CSS (the `@layer` order, the reset, the global styles, every token as a custom
 * property) as one stylesheet built with the shell, instead of a `<style>` that every page answer
 * carried (≈48 kB) and ChakraProvider inserted again in the browser. The apps' provider gets
 * `pageSystem` (shared/src/ui/theme.ts), which inserts none of it. docs/decisions/0035-global-css-once.md
 */

/** The browsers rsbuild builds for by default: lightningcss drops the vendor prefixes none of them needs. */
export const CSS_TARGETS = { chrome: 107 << 16, edge: 107 << 16, firefox: 104 << 16, safari: 16 << 16 };

export const minifyCss = (code: string): string =>
  transform({ filename: 'page.css', code: Buffer.from(code), minify: true, targets: CSS_TARGETS }).code.toString();

type GlobalStyles = { _global: unknown; layers: { atRule: string } };

/** Styles as ChakraProvider's `<Global>` inserts them (Emotion, same stylis plugins). */
function emotionCss(styles: unknown): string {
  const cache = createCache({ key: 'css' });
  // On node the cache answers the rules of an insert as a string instead of writing them to a sheet.
  return String(cache.insert('', css(styles as never), cache.sheet, false) ?? '');
}

/** The system's global styles as ChakraProvider's two `<Global>` elements would insert them. */
export const globalCssOf = (system: GlobalStyles): string => emotionCss(system.layers.atRule) + emotionCss(system._global);

/**
 * The stylesheet: the layer order as it is (lightningcss drops the statement when the file itself
 * does not use every layer it names, and `recipes` is only used by the page's own styles), then the
 * rest minified.
 */
export const buildGlobalCss = (system: GlobalStyles): string =>
  emotionCss(system.layers.atRule) + minifyCss(emotionCss(system._global));

/** Where the stylesheet sits in the shell's web build, named by its content so it is cached for a year. */
export const globalCssFile = (content: string) =>
  `static/css/global.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.css`;

/** Emits the global stylesheet into the shell's web build (dev server too) and links it from index.html. */
export function pluginGlobalCss(): RsbuildPlugin {
  return {
    name: 'portal:global-css',
    setup(api) {
      let built: Promise<{ file: string; content: string }> | undefined;
      const build = () => {
        built ??= import('../src/ui/theme.ts').then(({ system }) => {
          const content = buildGlobalCss(system);
          return { file: globalCssFile(content), content };
        });
        return built;
      };
      api.processAssets({ stage: 'additional', environments: ['web'] }, async ({ sources, compilation }) => {
        const { file, content } = await build();
        if (!compilation.getAsset(file)) compilation.emitAsset(file, new sources.RawSource(content));
      });
      api.modifyHTMLTags(async ({ headTags, bodyTags }, { environment }) => {
        if (environment.name !== 'web') return { headTags, bodyTags };
        const { file } = await build();
        const href = `${environment.config.output.assetPrefix ?? '/'}${file}`.replace(/([^:])\/\/+/g, '$1/');
        return { headTags: [{ tag: 'link', attrs: { rel: 'stylesheet', href } }, ...headTags], bodyTags };
      });
    },
  };
}
