import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SINGLETONS } from './shared-singletons.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('shared singletons', () => {
  it('list every entry point of @portal/shared that an app imports', () => {
    const apps = [
      'shell/src',
      'remotes/marketing/src',
      'remotes/checkout/src',
      'remotes/user-center/src',
      'remotes/static-ip/src',
    ];
    const imported = new Set<string>();
    for (const app of apps) {
      for (const file of sources(path.join(ROOT, app))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(@portal\/shared[^']*)'/g)) imported.add(m[1] as string);
      }
    }
    expect([...imported].filter((entry) => !(SINGLETONS as readonly string[]).includes(entry))).toEqual([]);
  });
});
