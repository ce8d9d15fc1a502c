import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureManifest, writeDist } from '../../test/dist.ts';
import { createRemoteRegistry, type RemoteRegistry } from './registry.ts';
import { createServedRemotes, inStage, VISITOR_COOKIE, visitorOf } from './served.ts';

describe('stage assignment', () => {
  const stage = { version: 'v2', percent: 30 };
  const visitors = Array.from({ length: 2000 }, (_, i) => `visitor-${String(i).padStart(12, '0')}`);

  it('puts about the percent of visitors in the stage', () => {
    const share = visitors.filter((v) => inStage(v, 'checkout', stage)).length / visitors.length;
    expect(share).toBeGreaterThan(0.26);
    expect(share).toBeLessThan(0.34);
  });

  it('is the same for a visitor every time, and drawn afresh for another stage', () => {
    for (const v of visitors.slice(0, 50)) expect(inStage(v, 'checkout', stage)).toBe(inStage(v, 'checkout', stage));
    const moved = visitors.filter((v) => inStage(v, 'checkout', stage) !== inStage(v, 'checkout', { ...stage, version: 'v3' }));
    expect(moved.length).toBeGreaterThan(0);
  });

  it('reads only a well-formed visitor cookie', () => {
    expect(visitorOf(`a=1; ${VISITOR_COOKIE}=abcdefghijklmnopqrstuv`)).toBe('abcdefghijklmnopqrstuv');
    expect(visitorOf(`${VISITOR_COOKIE}=short`)).toBeNull();
    expect(visitorOf(`${VISITOR_COOKIE}=<script>alert(1)</script>xxxxxxxxxx`)).toBeNull();
    expect(visitorOf(undefined)).toBeNull();
  });
});

/** A reply that records the headers it is given. */
function recordingReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { headers, reply: reply as never };
}

describe('what a visitor is served', () => {
  let dir: string;
  let registry: RemoteRegistry;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-served-'));
    registry = createRemoteRegistry(join(dir, 'data'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const publish = async (label: string, paths: string[], percent?: number) =>
    registry.publishRemote(
      'marketing',
      await writeDist(join(dir, label), { 'static/js/a.js': label, 'remote-manifest.json': fixtureManifest(label, paths) }),
      { activate: true, ...(percent && { percent }) },
    );

  it('without a stage: the current versions, no cookie, and their pages', async () => {
    const v1 = await publish('one', ['/', '/offers']);
    const served = createServedRemotes(registry, { devRemotes: false });
    const { headers, reply } = recordingReply();
    const set = await served.forRequest({ headers: {}, log: console as never }, reply);
    expect(set.remotes.marketing?.version).toBe(v1.version);
    expect(set.table.isKnown('/en/offers')).toBe(true);
    expect(headers).toEqual({});
  });

  it('with a stage: a visitor cookie, sticky versions, and the staged version’s pages for those in it', async () => {
    const v1 = await publish('one', ['/']);
    const v2 = await publish('two', ['/', '/new-page'], 50);
    const served = createServedRemotes(registry, { devRemotes: false });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { headers, reply } = recordingReply();
      const first = await served.forRequest({ headers: {}, log: console as never }, reply);
      expect(headers['set-cookie']).toMatch(
        new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{24}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`),
      );
      expect(headers['cache-control']).toBe('private, no-cache');
      const cookie = headers['set-cookie']!.split(';')[0]!;
      const again = await served.forRequest({ headers: { cookie }, log: console as never });
      expect(again.remotes.marketing?.version).toBe(first.remotes.marketing?.version);
      const version = first.remotes.marketing!.version;
      seen.add(version);
      expect(first.table.isKnown('/new-page')).toBe(version === v2.version);
    }
    expect([...seen].sort()).toEqual([v1.version, v2.version].sort());
    // Sitemaps and warming go by what everyone is served.
    expect((await served.current()).remotes.marketing?.version).toBe(v1.version);
  });
});
