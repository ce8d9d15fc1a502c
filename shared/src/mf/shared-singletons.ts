/**
 * The packages every federated app shares as singletons, so the browser loads one copy of each.
 * Used by the shell's and every remote's rsbuild config: one list, no drift between apps.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  'valtio',
  'react-intl',
  // Chakra through the portal's own list of components (shared/src/ui/chakra.ts), not the whole
  // package: a shared module keeps every export of what it shares (docs/decisions/0016).
  '@portal/shared/chakra',
  // Form controls, dialogs, drawers, tabs, tooltips: loaded by the first page or click using one.
  '@portal/shared/chakra/deferred',
  '@emotion/react',
  'react-hook-form',
  // One copy of the contract's schemas library across apps (it is ~90 kB per copy otherwise).
  'zod',
  // Every entry point of the shared package an app imports must be listed: an unlisted one is
  // bundled into each app, with its own ApiError class and its own toaster store.
  '@portal/shared',
  '@portal/shared/browser',
  '@portal/shared/ui',
  '@portal/shared/ui/forms',
] as const;

export type SharedConfig = Record<string, { singleton: true; requiredVersion: false; eager?: boolean }>;

export function sharedSingletons(): SharedConfig {
  const shared: SharedConfig = {};
  for (const name of SINGLETONS) shared[name] = { singleton: true, requiredVersion: false };
  return shared;
}
export { SINGLETONS };
