// @vitest-environment node
import { init } from '@module-federation/enhanced/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '@portal/shared';
import { serveWorkingTreeRoutes } from '../test/served-routes.ts';
import { createPageRenderer } from './render.tsx';

/** The API answers a page render needs (the 404 page asks only for the site settings). */
const ANSWERS: Record<string, unknown> = {
  '/app-api/ip/website/get': {
    name: { en: 'NovaProxy', 'zh-CN': 'NovaProxy' },
    logoUrl: '/logo.svg',
    domain: 'localhost',
    serviceHours: { en: '9:00-18:00', 'zh-CN': '9:00-18:00' },
    contacts: [],
    icp: null,
  },
  '/app-api/system/client-config': { analytics: null, captchaEnabled: false, sandbox: false, smsCountries: null },
};

const apiFetch = (async (input: string | URL | Request) => {
  const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x').pathname;
  const data = ANSWERS[path];
  const body = data === undefined ? { code: 404, data: null, msg: `no answer for ${path}` } : { code: 0, data, msg: '' };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

let renderer: PageRenderer;
beforeAll(async () => {
  serveWorkingTreeRoutes();
  // The server bundle runs inside a federation host; a test has none of its own.
  init({ name: 'portal_shell_render_test', remotes: [] });
  renderer = await createPageRenderer({ fetch: apiFetch });
});

/** Every href and action of the markup. */
const links = (html: string) => [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((m) => m[1] ?? '');

/** What a browser makes of a link on a page of this site, also after something decoded it once: it must stay. */
const leavesSite = (href: string) => {
  const origin = 'https://portal.example';
  const raw = href.replace(/&amp;/g, '&');
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // kept as it is
  }
  return [raw, decoded].some(
    (value) => new URL(value, `${origin}/en/page`).origin !== origin || /^[/\\][/\\]/.test(value.replace(/\p{Cc}/gu, '')),
  );
};

const languageSwitch = (html: string) =>
  /<a [^>]*data-testid="language-switch"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1];

describe('server rendering of pages whose path a visitor made up', () => {
  it.each([
    ['/en//evil.example/x', '/evil.example/x'],
    ['//evil.example/x', '/en/evil.example/x'],
    ['/en/\\evil.example/x', '/evil.example/x'],
    ['/en/%2F%2Fevil.example/x', '/evil.example/x'],
    ['/en/%5Cevil.example/x', '/evil.example/x'],
    ['/en/%2F%5Cevil.example/x', '/evil.example/x'],
    ['/en/%09/evil.example/x', '/evil.example/x'],
    ['/zh-CN//evil.example/x', '/en/evil.example/x'],
    ['/zh-CN/%2F%2Fevil.example', '/en/evil.example'],
  ])('renders the 404 page of %s with every link on this site, the language switch to %s', async (url, other) => {
    const page = await renderer.render({ url, remotes: {} });
    const hrefs = links(page.html);
    expect(hrefs.length).toBeGreaterThan(3);
    expect(hrefs.filter(leavesSite)).toEqual([]);
    expect(languageSwitch(page.html)).toBe(other);
  });
});

describe('the styles of a rendered page', () => {
  it('carry no global CSS (the linked stylesheet has it), and every Chakra variable they use is defined there or by them', async () => {
    const { system } = await import('@portal/shared/ui');
    const { globalCssOf } = await import('../../../shared/build/global-css.ts');
    const page = await renderer.render({ url: '/en/no-such-page', remotes: {} });
    const globalCss = globalCssOf(system);
    // The layer order, the reset and the tokens are in the stylesheet only.
    expect(page.styles).not.toContain('@layer reset');
    expect(page.styles).not.toMatch(/:root|:where\(:root/);
    expect(page.styles).toMatch(/<style data-emotion="css [^"]+">\.css-/);
    const defined = new Set([...(globalCss + page.styles).matchAll(/(--chakra-[\w\\.-]+)\s*:/g)].map((m) => m[1]));
    const used = new Set([...page.styles.matchAll(/var\((--chakra-[\w\\.-]+)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});
