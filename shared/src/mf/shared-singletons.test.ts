import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../build/catalog.ts';
import { SINGLETONS, sharedSingletons } from './shared-singletons.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // src/test holds test support (never in a bundle): it may use build-time entries.
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The files of shared/src a module reaches through relative imports (itself included). */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g))
    reach(path.resolve(path.dirname(file), m[1] as string), seen);
  return seen;
}

const apps = ['shell/src', 'remotes/marketing/src', 'remotes/checkout/src', 'remotes/user-center/src', 'remotes/static-ip/src'];

describe('shared singletons', () => {
  it("require the catalog's major of each npm package, and no version of the workspace's own entries", () => {
    const catalog = readCatalog();
    const shared = sharedSingletons();
    expect(Object.keys(shared)).toEqual([...SINGLETONS]);
    expect(shared.react).toEqual({ singleton: true, requiredVersion: `^${catalog.react?.split('.')[0]}.0.0` });
    expect(shared['react/jsx-runtime']?.requiredVersion).toBe(shared.react?.requiredVersion);
    expect(shared['react-dom/client']?.requiredVersion).toBe(`^${catalog['react-dom']?.split('.')[0]}.0.0`);
    expect(shared['@tanstack/react-query']?.requiredVersion).toBe('^5.0.0');
    expect(shared['@portal/shared']?.requiredVersion).toBe(false);
    expect(shared['@portal/shared/chakra']?.requiredVersion).toBe(false);
    expect(sharedSingletons({ ...catalog, react: '20.1.2' }).react?.requiredVersion).toBe('^20.0.0');
    expect(sharedSingletons({ ...catalog, valtio: '0.5.3' }).valtio?.requiredVersion).toBe('^0.5.0');
  });

  it('refuse to build without a catalog version of a shared package', () => {
    const { valtio: _, ...catalog } = readCatalog();
    expect(() => sharedSingletons(catalog)).toThrow(/valtio is a shared singleton but has no version in the catalog/);
  });

  it('list every entry point of @portal/shared that an app imports', () => {
    const imported = new Set<string>();
    for (const app of apps) {
      for (const file of sources(path.join(ROOT, app))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(@portal\/shared[^']*)'/g)) imported.add(m[1] as string);
      }
    }
    expect([...imported].filter((entry) => !(SINGLETONS as readonly string[]).includes(entry))).toEqual([]);
  });

  it('reach Chakra only through @portal/shared/chakra (a direct import would bundle a second Chakra)', () => {
    const direct: string[] = [];
    const allowed = ['shared/src/ui/chakra.ts', 'shared/src/ui/chakra-deferred.ts', 'shared/src/ui/theme.ts'];
    for (const dir of [...apps, 'shared/src']) {
      for (const file of sources(path.join(ROOT, dir))) {
        const rel = path.relative(ROOT, file);
        if (!allowed.includes(rel) && /from '@chakra-ui\/react(\/[^']*)?'/.test(readFileSync(file, 'utf8'))) direct.push(rel);
      }
    }
    expect(direct).toEqual([]);
  });

  it('reach react-router only through @portal/shared/router (a direct import would share all of it)', () => {
    const direct: string[] = [];
    // The server renderer needs the static handler, which no browser gets (decision 0040).
    const allowed = ['shared/src/ui/router.ts', 'shell/src/server/render.tsx'];
    for (const dir of [...apps, 'shared/src']) {
      for (const file of sources(path.join(ROOT, dir))) {
        const rel = path.relative(ROOT, file);
        if (!allowed.includes(rel) && /from 'react-router(\/[^']*)?'/.test(readFileSync(file, 'utf8'))) direct.push(rel);
      }
    }
    expect(direct).toEqual([]);
    expect(SINGLETONS).not.toContain('react-router');
  });

  it('keep the deferred Chakra components out of the entry points every page loads at boot', () => {
    for (const entry of ['src/index.ts', 'src/ui/index.ts', 'src/ui/chakra.ts']) {
      const reached = [...reach(path.join(ROOT, 'shared', entry))].map((f) => path.relative(ROOT, f));
      expect(
        reached.filter((f) => f.endsWith('chakra-deferred.ts') || f.endsWith('ui/forms.ts')),
        entry,
      ).toEqual([]);
    }
  });

  it('are all imported by the shell, so that the shell provides each (see shell/src/federation/provided.ts)', () => {
    // A build provides only the shared modules it imports; an entry of @portal/shared provided by a
    // remote would bring that remote's own copies of what the entry imports relatively.
    const shellSources = sources(path.join(ROOT, 'shell/src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const missing = SINGLETONS.filter((name) => name.startsWith('@portal/shared')).filter(
      (name) => !shellSources.includes(`from '${name}'`) && !shellSources.includes(`import('${name}')`),
    );
    expect(missing).toEqual([]);
  });
});
