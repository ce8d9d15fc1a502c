import { parseRegistry, type RegistryEntry, type RemoteName } from '@portal/shared';

/** Chosen interval (the spec leaves it open): often enough to matter, rare enough to cost nothing. */
export const UPDATE_POLL_MS = 5 * 60_000;

type Registry = Partial<Record<RemoteName, RegistryEntry>>;

/** True when the registry points any remote at another version than the one this page loaded. */
export function registryChanged(loaded: Registry, live: Registry): boolean {
  const names = new Set([...Object.keys(loaded), ...Object.keys(live)]) as Set<RemoteName>;
  for (const name of names) if (loaded[name]?.version !== live[name]?.version) return true;
  return false;
}

/** True when the shell's own build manifest lists entry scripts this page did not load. */
export function shellChanged(manifest: unknown, loadedScripts: readonly string[]): boolean {
  const js = (manifest as { entries?: { index?: { initial?: { js?: unknown } } } })?.entries?.index?.initial?.js;
  if (!Array.isArray(js) || js.length === 0) return false;
  const loaded = new Set(loadedScripts.map((s) => new URL(s, 'http://x').pathname));
  return js.some((file) => typeof file === 'string' && !loaded.has(new URL(file, 'http://x').pathname));
}

export async function checkForUpdate(loaded: Registry, doc: Document = document): Promise<boolean> {
  const [registry, manifest] = await Promise.all([
    fetch('/remotes.json', { cache: 'no-store' }).then((r) => (r.ok ? r.json() : null)),
    fetch('/build-manifest.json', { cache: 'no-store' }).then((r) => (r.ok ? r.json() : null)),
  ]);
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src);
  return (
    (registry !== null && registryChanged(loaded, parseRegistry(registry).entries)) ||
    (manifest !== null && shellChanged(manifest, scripts))
  );
}
