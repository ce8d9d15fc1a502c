import { describe, expect, it } from 'vitest';
import { compactPageStyles, groupPalettes } from './page-styles.ts';

const palette = (name: string) =>
  ['50', '500', 'solid', 'focus-ring']
    .map((shade) => `--chakra-colors-color-palette-${shade}:var(--chakra-colors-${name}-${shade});`)
    .join('');

describe('groupPalettes', () => {
  it('sets each palette once for every top-level class rule that had it, and leaves the rest of each rule in place', () => {
    const css = `.css-a{color:red;${palette('brand')}}.css-b{${palette('brand')}margin:0;}.css-c{${palette('gray')}}@layer recipes{.css-a{padding:1px;}}`;
    const grouped = groupPalettes(css);
    expect(grouped).toBe(
      `.css-a,.css-b{${palette('brand')}}.css-c{${palette('gray')}}` +
        '.css-a{color:red;}.css-b{margin:0;}.css-c{}@layer recipes{.css-a{padding:1px;}}',
    );
  });

  it('leaves palette variables alone inside at-rules and in rules with other selectors', () => {
    const css = `@media (min-width: 1px){.css-a{${palette('brand')}}}.css-b:hover{${palette('red')}}.css-c [data-part]{${palette('red')}}`;
    expect(groupPalettes(css)).toBe(css);
  });
});

describe('compactPageStyles', () => {
  it('keeps the tags and their Emotion ids, minifies their CSS and drops the tags left empty', () => {
    const styles =
      '<style data-emotion="css-global 1abc"></style>' +
      `<style data-emotion="css a1 b2">.css-a1{ color : #ff0000 ; ${palette('brand')} }.css-b2{${palette('brand')}}</style>`;
    const compact = compactPageStyles(styles);
    expect(compact).toMatch(/^<style data-emotion="css a1 b2">[^<]+<\/style>$/);
    expect(compact).toContain('.css-a1{color:red}');
    expect(compact.match(/--chakra-colors-color-palette-50:/g)).toHaveLength(1);
  });

  it('sends CSS it cannot parse as it was', () => {
    const styles = '<style data-emotion="css x">.css-x{color:red}}}{{</style>';
    expect(compactPageStyles(styles)).toBe(styles);
  });
});
