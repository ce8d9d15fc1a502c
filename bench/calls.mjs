// Calls the benches make beside the load: a command run to completion, a JSON call of the portal's
// API, and a pool that runs a number of them with a bound on how many are in flight.
import { spawn } from 'node:child_process';
import { ROOT, serverCommand, stopIfInterrupted } from './lib.mjs';

/** Runs a command to completion; resolves to its stdout, rejects with its stderr. */
export function runProcess(command, argv, env, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    // 'close', not 'exit': only then has all of stdout been read.
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${[command, ...argv].join(' ')} failed (exit ${code}):\n${err.trim()}`));
    });
    child.stdin.end(input ?? '');
  });
}

/** A JSON call of the portal API; throws unless the envelope says code 0. */
export async function api(base, method, url, { token, body } = {}) {
  stopIfInterrupted();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok || json?.code !== 0) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Runs fn(i) for i in [0, count) with at most `concurrency` at once. */
export async function inPool(count, concurrency, fn) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      stopIfInterrupted();
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Mainland-China mobiles 137xxxxxxxx, one per member, so a fresh database never has them. */
export const benchMobile = (i) => `137${String(i + 1).padStart(8, '0')}`;

/**
 * `count` members through the operator CLI (`ops user create`: the server's own code; with PGlite
 * the running server does it for the CLI over its ops socket), then logged in over HTTP.
 */
export async function createMembers(portal, count, { password, runtime = 'compiled' }) {
  const [command, opsArgs] = serverCommand('ops', runtime);
  const ids = await inPool(count, 4, async (i) => {
    const out = await runProcess(
      command,
      [...opsArgs, 'user', 'create', '--mobile', benchMobile(i), '--password', password],
      portal.env,
    );
    return Number(out.trim());
  });
  const tokens = await inPool(count, 4, async (i) => {
    const data = await api(portal.base, 'POST', '/app-api/member/auth/login', { body: { mobile: benchMobile(i), password } });
    return data.token;
  });
  return { ids, tokens };
}
