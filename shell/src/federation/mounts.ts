import { matchPath } from 'react-router';
import type { LayoutName, RemoteName } from '@portal/shared';

/**
 * Which remote owns which part of the route table (SPEC section 2). Paths are relative to the
 * locale root; the first match wins, so /admin/static/* goes to static-ip before user-center.
 */
export const MOUNTS: ReadonlyArray<{ remote: RemoteName; patterns: string[] }> = [
  {
    remote: 'marketing',
    patterns: [
      '/',
      '/service',
      '/use-scene',
      '/blog',
      '/blog/:slug',
      '/dynamic-residential-proxies',
      '/static-residential-proxies',
      '/native-residential-proxies',
    ],
  },
  { remote: 'checkout', patterns: ['/buy', '/order', '/h5', '/h5/*'] },
  { remote: 'static-ip', patterns: ['/admin/static/*'] },
  { remote: 'user-center', patterns: ['/admin', '/admin/*'] },
];

/** The remote that serves a locale-less path, or null when the shell itself (or nobody) does. */
export function ownerOf(path: string): RemoteName | null {
  for (const mount of MOUNTS) {
    if (mount.patterns.some((pattern) => matchPath({ path: pattern, end: true }, path))) return mount.remote;
  }
  return null;
}

export const LAYOUTS: readonly LayoutName[] = ['default', 'empty', 'admin'];
