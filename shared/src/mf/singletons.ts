/**
 * The packages every federated app shares as singletons, so the browser loads one copy of each.
 * Used by the shell's and every remote's rsbuild config (shared-singletons.ts): one list, no drift
 * between apps. Free of Node imports: the version contract (version-contract.ts) derives its list of
 * packages from it.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // The router through the portal's own list of names (shared/src/ui/router.ts), not the whole
  // package, for the same reason as Chakra (docs/decisions/0040).
  '@portal/shared/router',
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

/** The workspace's own package: versioned with each app, never checked against a version. */
export const isWorkspaceSingleton = (name: string) => name === '@portal/shared' || name.startsWith('@portal/shared/');

/** The npm package a shared module belongs to: 'react/jsx-runtime' → 'react', '@scope/pkg/x' → '@scope/pkg'. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}
