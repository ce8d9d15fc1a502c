import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** One theme for every app (shared singleton), so all remotes look like one product. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    body: { fontFamily: 'body' },
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
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
