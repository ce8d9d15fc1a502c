import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (tokens, semantic tokens, text and layer styles, global CSS) with only the
 * recipes of the components the portal uses (`./chakra.ts`): `defaultConfig` carries ~80 recipes,
 * most for components the portal never renders. theme.test.ts checks that every component exported
 * by `./chakra.ts` finds its recipes here.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

/**
 * Choice cards (packages, durations, pay channels): Chakra tints a focused card's background, which
 * looks like a lighter "selected" and is no focus indicator (far below 3:1). Here keyboard focus
 * draws a ring outside the card instead, and only selection changes its border.
 */
const choiceCardRecipe = {
  ...radioCardSlotRecipe,
  base: {
    ...radioCardSlotRecipe.base,
    item: {
      ...Object.fromEntries(Object.entries(radioCardSlotRecipe.base?.item ?? {}).filter(([key]) => key !== '_focus')),
      _focusVisible: {
        outlineWidth: '3px',
        outlineStyle: 'solid',
        outlineColor: 'colorPalette.focusRing',
        outlineOffset: '3px',
      },
    },
  },
};

export const slotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  numberInput: numberInputSlotRecipe,
  radioCard: choiceCardRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

/** What defaultConfig adds to defaultBaseConfig, minus the recipes the portal does not use. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

/** Every heading, whatever element a page renders it as. */
export const HEADINGS = 'h1, h2, h3, h4, h5, h6, .chakra-heading';

/** One theme for every app (shared singleton), so all remotes look like one product. */
const portalTheme = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    body: { fontFamily: 'body' },
    // Headlines share their words between lines: in Chinese, where any character may wrap, one
    // character is never left alone on the last line.
    [HEADINGS]: { textWrap: 'balance' },
    // Paragraphs keep their own widths but avoid a last line of one or two characters ("费。").
    p: { textWrap: 'pretty' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `Inter, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", system-ui, sans-serif` },
        body: { value: `Inter, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", system-ui, sans-serif` },
      },
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#dbe6fe' },
          200: { value: '#bfd3fe' },
          300: { value: '#93b4fd' },
          400: { value: '#6090fa' },
          500: { value: '#3b6cf6' },
          600: { value: '#2450eb' },
          700: { value: '#1d3fd8' },
          800: { value: '#1e35af' },
          900: { value: '#1e318a' },
          950: { value: '#172054' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
        // Chakra's red.500 is 3.8:1 on white: field errors (small text) need 4.5:1 (WCAG AA); red.700 is 6.5:1.
        fg: { error: { value: '{colors.red.700}' } },
        // Focus rings must reach 3:1 against the page (WCAG 2.4.13/1.4.11): Chakra's are the 400/500
        // shades (gray.400 is 2.6:1, green.500 2.3:1 on white); these are 3.5:1 to 7:1 on white and
        // on the light tints (bg.subtle, *.subtle) the portal puts controls on.
        gray: { focusRing: { value: '{colors.gray.600}' } },
        red: { focusRing: { value: '{colors.red.600}' } },
        orange: { focusRing: { value: '{colors.orange.700}' } },
        green: { focusRing: { value: '{colors.green.700}' } },
        blue: { focusRing: { value: '{colors.blue.600}' } },
        yellow: { focusRing: { value: '{colors.yellow.700}' } },
        teal: { focusRing: { value: '{colors.teal.700}' } },
        purple: { focusRing: { value: '{colors.purple.600}' } },
        pink: { focusRing: { value: '{colors.pink.600}' } },
        cyan: { focusRing: { value: '{colors.cyan.700}' } },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, portalTheme);

/**
 * The system the apps' ChakraProvider gets: the same, except that it inserts none of the global CSS
 * (layer order, reset, global styles, tokens). That is the shell's built stylesheet, linked from
 * every page's head (shared/build/global-css.ts), so no page answer carries it and the browser never
 * inserts it again. docs/decisions/0035-global-css-once.md
 */
export const pageSystem: typeof system = {
  ...system,
  _global: [],
  _config: { ...system._config, disableLayers: true },
};
