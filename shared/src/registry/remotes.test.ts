import { describe, expect, it } from 'vitest';
import { parseRegistry } from './remotes.ts';

describe('parseRegistry', () => {
  const good = {
    version: '20261121-abc',
    manifest: '/remotes/marketing/20261121-abc/mf-manifest.json',
    routes: [{ path: '/', layout: 'default', access: 'public', title: 't', sitemap: true, indexable: true }],
    builtAgainst: { react: '19.3.1' },
  };

  it('keeps valid entries', () => {
    const { entries, problems } = parseRegistry({ remotes: { marketing: good } });
    expect(entries.marketing).toEqual(good);
    expect(problems).toEqual([]);
  });

  it('drops a malformed entry or an unknown remote and says why, keeping the rest', () => {
    const { entries, problems } = parseRegistry({
      remotes: { marketing: good, checkout: { version: '../etc', manifest: '' }, payments: good },
    });
    expect(Object.keys(entries)).toEqual(['marketing']);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/checkout.*malformed/);
    expect(problems.join('\n')).toMatch(/unknown remote "payments"/);
  });

  it('drops an entry whose routes are malformed', () => {
    const { entries, problems } = parseRegistry({ remotes: { marketing: { ...good, routes: [{ path: 'x' }] } } });
    expect(entries).toEqual({});
    expect(problems.join('\n')).toMatch(/marketing.*malformed/);
  });

  it('rejects a document of the wrong shape', () => {
    expect(parseRegistry([1, 2]).problems).toHaveLength(1);
    expect(parseRegistry(null).entries).toEqual({});
  });
});
