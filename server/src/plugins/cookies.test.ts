import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteRegistry } from '../modules/remotes/registry.ts';
import { VISITOR_COOKIE } from '../modules/remotes/served.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { fixtureManifest, writeDist } from '../test/dist.ts';
import { withSecureCookies } from './security-headers.ts';

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';

let http: TestApp;
let https: TestApp;
beforeAll(async () => {
  http = await createTestApp({ remotes: true });
  https = await createTestApp({ remotes: true, database: http.database, env: { PUBLIC_BASE_URL: 'https://novaproxy.test' } });
  for (const app of [http, https]) {
    await mkdir(app.config.shellDist, { recursive: true });
    await writeFile(join(app.config.shellDist, 'index.html'), INDEX);
    // A staged rollout: visitors get the `portal_visitor` cookie that keeps them in or out of it.
    const registry = createRemoteRegistry(app.config.dataDir, { database: app.database });
    const dist = await writeDist(join(app.dir, 'staged'), {
      'remote-manifest.json': fixtureManifest('staged', ['/', '/service']),
    });
    await registry.publishRemote('marketing', dist, { activate: true, percent: 50 });
  }
});
afterAll(async () => {
  await https.close();
  await http.close();
});

const cookiesOf = (header: string | string[] | undefined) => (Array.isArray(header) ? header : header ? [header] : []);

describe('cookies the server sets (issue 27, finding 10)', () => {
  it.each(['/en/buy', '/remotes.json'])('%s sets the visitor cookie Secure when PUBLIC_BASE_URL is https', async (url) => {
    const res = await https.app.inject({ url, headers: { accept: 'text/html,application/json' } });
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(
      new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{24}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure$`),
    );
  });

  it('sets it without Secure on a plain-http portal (a browser would drop it there)', async () => {
    const res = await http.app.inject({ url: '/en/buy', headers: { accept: 'text/html' } });
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${VISITOR_COOKIE}=.+; HttpOnly$`));
  });

  it('marks every cookie once, whatever the route wrote', () => {
    expect(withSecureCookies(['a=1; Path=/', 'b=2; Secure', 'c=3; secure; HttpOnly', 'd=secure'])).toEqual([
      'a=1; Path=/; Secure',
      'b=2; Secure',
      'c=3; secure; HttpOnly',
      'd=secure; Secure',
    ]);
  });
});
