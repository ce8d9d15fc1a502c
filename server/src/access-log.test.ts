import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

// Decision 0034: one access line per request (not Fastify's "incoming request" + "request completed").
describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  beforeAll(async () => {
    process.on('warning', onWarning);
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await t.close();
  });

  it('starts without a deprecation warning from Fastify (FSTDEP…)', async () => {
    // process.emitWarning delivers on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => /^FSTDEP/.test((w as Error & { code?: string }).code ?? '')).map((w) => w.message)).toEqual([]);
  });

  it('writes exactly one line per request, with method, url, status, time and request id', async () => {
    const url = '/app-api/system/client-config?probe=access-log';
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => JSON.stringify(l).includes('probe=access-log'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url, statusCode: 200 });
    expect(mine[0]?.reqId).toEqual(expect.any(String));
    expect(mine[0]?.responseTime).toEqual(expect.any(Number));
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('never writes the token of a proxy list link (decision 0051)', async () => {
    const token = `pl_${'Q'.repeat(43)}`;
    await t.app.inject({ url: `/proxy-list/${token}.txt` });
    const mine = lines.filter((l) => String(l.url).startsWith('/proxy-list/'));
    expect(mine.map((l) => l.url)).toEqual(['/proxy-list/pl_QQQQQQ….txt']);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
