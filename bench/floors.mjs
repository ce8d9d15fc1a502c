// The floors every throughput figure is divided by, started beside the portal in the same run: a
// bare Fastify answering a hello-world, and one sending the portal's own answer bytes with its headers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, releases, ROOT, requireServer, startChild, waitFor } from './lib.mjs';

/**
 * A bare Fastify (the server's own copy, logger off) in a child process: `routes` is module code
 * that adds routes to `app`. Answers { base, proc, ready } once `ready()` saw `probePath` answer.
 */
async function startBareFastify(name, routes, probePath) {
  const port = await freePort();
  const fastifyEntry = pathToFileURL(requireServer.resolve('fastify')).href;
  const proc = startChild(
    name,
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { default: Fastify } = await import(${JSON.stringify(fastifyEntry)});
       const app = Fastify({ logger: false });
       ${routes}
       await app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    { cwd: ROOT },
  );
  const base = `http://127.0.0.1:${port}`;
  return { base, proc, ready: () => waitFor(`${base}${probePath}`, proc) };
}

/** A bare Fastify answering GET /hello with a small JSON: the floor. */
export function startHelloWorld() {
  return startBareFastify('hello-world', `app.get('/hello', async () => ({ hello: 'world' }));`, '/hello');
}

/** One raw answer of `base` + `pathname` as it came off the wire (body not decoded): status, headers, bytes. */
export function rawAnswer(base, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Headers a server writes for its own connection, not part of what the page answer is. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);

/**
 * The same-bytes floor: a bare Fastify (the server's own copy, logger off) answering GET `pathname`
 * with exactly `answer`'s status, headers and body bytes, read once into memory. What any server
 * costs to send that answer, without the portal's routing, cache lookup or hooks.
 */
export async function startSameBytes(pathname, answer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-same-bytes-'));
  releases.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'answer');
  writeFileSync(file, answer.body);
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)));
  return startBareFastify(
    'same-bytes',
    `const { readFileSync } = await import('node:fs');
     const body = readFileSync(${JSON.stringify(file)});
     const headers = ${JSON.stringify(headers)};
     app.get(${JSON.stringify(pathname)}, (_req, reply) => { reply.code(${answer.status}).headers(headers).send(body); });`,
    pathname,
  );
}
