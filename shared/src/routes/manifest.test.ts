import { describe, expect, it } from 'vitest';
import { ManifestError, parseRemoteManifest, parseRouteManifestSource, routeShape } from './manifest.ts';

const route = {
  path: '/offers',
  layout: 'default',
  access: 'public',
  title: 'm.offers.title',
  description: 'm.offers.description',
  sitemap: true,
  indexable: true,
};
const messages = {
  en: { 'm.offers.title': 'Offers', 'm.offers.description': 'Our offers' },
  'zh-CN': { 'm.offers.title': '优惠', 'm.offers.description': '我们的优惠' },
};
const manifest = { routes: [route], messages, builtAgainst: { react: '19.3.1' } };

const problemOf = (raw: unknown) => {
  try {
    parseRemoteManifest(raw, 'remote-manifest.json');
  } catch (err) {
    expect(err).toBeInstanceOf(ManifestError);
    return (err as Error).message;
  }
  throw new Error('the manifest was accepted');
};

describe('remote manifests', () => {
  it('accept a well-formed manifest as it is', () => {
    expect(parseRemoteManifest(manifest)).toEqual(manifest);
  });

  it.each([
    [{ ...manifest, routes: [{ ...route, layout: 'side' }] }, 'routes.0.layout'],
    [{ ...manifest, routes: [{ ...route, path: 'offers' }] }, 'routes.0.path'],
    [{ ...manifest, routes: [{ ...route, path: '/en/offers' }] }, 'routes.0.path: must not start with a locale prefix'],
    [{ ...manifest, routes: [{ ...route, access: 'anyone' }] }, 'routes.0.access'],
    [{ ...manifest, routes: [{ ...route, title: undefined }] }, 'routes.0.title'],
    [{ ...manifest, routes: [{ ...route, sitemap: 'yes' }] }, 'routes.0.sitemap'],
    [{ ...manifest, routes: [{ ...route, extra: 1 }] }, 'routes.0'],
    [{ ...manifest, routes: [{ ...route, path: '/admin/x', layout: 'admin', access: 'public' }] }, 'routes.0.access'],
    [{ ...manifest, routes: [{ ...route, layout: 'admin' }] }, 'routes.0.layout'],
    [{ ...manifest, routes: [{ ...route, access: 'member' }] }, 'routes.0.sitemap'],
    [{ ...manifest, routes: [route, { ...route, path: '/OFFERS' }] }, 'routes.1.path: /OFFERS repeats routes.0'],
    [{ ...manifest, routes: [] }, 'routes: a remote owns at least one page'],
    [{ ...manifest, messages: { en: messages.en } }, 'messages.zh-CN'],
    [{ ...manifest, messages: { ...messages, en: {} } }, 'routes.0.title: "m.offers.title" has no en text'],
    [{ ...manifest, builtAgainst: { react: 'latest' } }, 'builtAgainst.react'],
    [{ routes: [route], messages }, 'builtAgainst'],
    ['not an object', '(top level)'],
  ])('refuse a malformed manifest, naming the field (%#)', (raw, field) => {
    const message = problemOf(raw);
    expect(message).toContain('remote-manifest.json is malformed');
    expect(message).toContain(field);
  });

  it('a routes.json names its file and field', () => {
    expect(() => parseRouteManifestSource({ routes: [{ ...route, indexable: 1 }] }, 'remotes/x/routes.json')).toThrow(
      /remotes\/x\/routes.json is malformed: routes.0.indexable/,
    );
  });

  it('compare paths by shape: any parameter name, any case', () => {
    expect(routeShape('/Blog/:slug')).toBe(routeShape('/blog/:id'));
    expect(routeShape('/blog/new')).not.toBe(routeShape('/blog/:id'));
  });
});
