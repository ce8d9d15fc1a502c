import { transform } from 'lightningcss';

/**
 * The component styles a rendered page carries in its head (Emotion's `<style data-emotion="css …">`
 * tags), made smaller once per render: the colour-palette variables Chakra repeats in every class
 * with a `colorPalette` (19 declarations, ≈1.2 kB each time) are set once per palette for all those
 * classes, and the CSS is minified by lightningcss for the browsers the apps are built for (no vendor
 * prefix none of them needs). The tags' `data-emotion` ids stay as they were: the browser's Emotion
 * cache adopts them by id, so hydration inserts nothing again. docs/decisions/0035-global-css-once.md
 */

/** rsbuild's default browser targets, as in shared/build/global-css.ts (the global stylesheet). */
const TARGETS = { chrome: 107 << 16, edge: 107 << 16, firefox: 104 << 16, safari: 16 << 16 };

const PALETTE_DECLARATION = /--chakra-colors-color-palette-[\w-]+:[^;{}]*;?/g;
const CLASS_RULE = /^\.css-[a-z0-9]+$/;

/**
 * Moves the palette declarations of the top-level single-class rules (`.css-x{…}`, where Chakra
 * puts them) into one rule per palette listing those classes. Each element has one Emotion class,
 * so no other rule of the same weight sets these variables on it: the order does not change what applies.
 */
export function groupPalettes(css: string): string {
  const groups = new Map<string, string[]>();
  let out = '';
  let depth = 0;
  let start = 0; // where the text not yet copied to `out` begins
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '{') {
      if (depth === 0) {
        const selectorStart = Math.max(css.lastIndexOf('}', i) + 1, start);
        const selector = css.slice(selectorStart, i).trim();
        const end = css.indexOf('}', i);
        const body = css.slice(i + 1, end);
        if (CLASS_RULE.test(selector) && !body.includes('{')) {
          const palette = body.match(PALETTE_DECLARATION);
          if (palette) {
            const key = palette.map((d) => (d.endsWith(';') ? d : `${d};`)).join('');
            groups.set(key, [...(groups.get(key) ?? []), selector]);
            const rest = body.replace(PALETTE_DECLARATION, '');
            out += `${css.slice(start, i + 1)}${rest}}`;
            start = end + 1;
            i = end;
            continue;
          }
        }
      }
      depth++;
    } else if (ch === '}') depth--;
  }
  out += css.slice(start);
  const grouped = [...groups].map(([declarations, selectors]) => `${[...new Set(selectors)].join(',')}{${declarations}}`);
  return grouped.join('') + out;
}

export const minifyPageCss = (css: string): string =>
  transform({ filename: 'page.css', code: Buffer.from(css), minify: true, targets: TARGETS }).code.toString();

const STYLE_TAG = /<style([^>]*)>([\s\S]*?)<\/style>/g;

/** The page's style tags with smaller CSS; a tag left empty is dropped (nothing for the cache to adopt). */
export function compactPageStyles(styles: string): string {
  return styles.replace(STYLE_TAG, (_, attributes: string, css: string) => {
    let compact = css.trim();
    try {
      if (compact) compact = minifyPageCss(groupPalettes(compact));
    } catch {
      // CSS lightningcss cannot parse is sent as Emotion wrote it.
    }
    return compact ? `<style${attributes}>${compact}</style>` : '';
  });
}
