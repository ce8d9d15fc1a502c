import { describe, expect, it } from 'vitest';
import { registryChanged, shellChanged } from './update-check.ts';

const entry = (version: string) => ({
  version,
  manifest: `/remotes/x/${version}/mf-manifest.json`,
  routes: [],
  builtAgainst: {},
});

describe('update detection', () => {
  it('sees a deployed or rolled-back remote', () => {
    expect(registryChanged({ marketing: entry('a') }, { marketing: entry('a') })).toBe(false);
    expect(registryChanged({ marketing: entry('a') }, { marketing: entry('b') })).toBe(true);
    expect(registryChanged({ marketing: entry('a') }, { marketing: entry('a'), checkout: entry('c') })).toBe(true);
  });
  it('sees a new shell build', () => {
    const manifest = { entries: { index: { initial: { js: ['/static/js/index.abc.js'] } } } };
    expect(shellChanged(manifest, ['http://host/static/js/index.abc.js'])).toBe(false);
    expect(shellChanged(manifest, ['http://host/static/js/index.old.js'])).toBe(true);
    expect(shellChanged({}, [])).toBe(false);
  });
});
