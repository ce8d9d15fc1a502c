import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, rmSync, type Stats, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The local admin socket of a server on the embedded PGlite database (docs/decisions/0005): PGlite
 * is single-process, so `npm run ops` hands its argv to the running server, which runs the same
 * command function against its own open database. HTTP over a Unix domain socket, one request per
 * connection: `POST /ops {"argv": [...]}` → `{"code", "out", "err"}`. Never over TCP; only the
 * owner of the socket file (mode 0600) can connect.
 */

/** sun_path holds 107 bytes on Linux and 103 on macOS; stay clearly below both. */
export const MAX_SOCKET_PATH_BYTES = 100;
/** An argv is a few words; this is only a bound on what a caller can make the server buffer. */
const MAX_REQUEST_BYTES = 256 * 1024;

export const opsRequest = z.object({ argv: z.array(z.string()).max(256) });
export const opsReply = z.object({ code: z.number().int(), out: z.array(z.string()), err: z.array(z.string()) });
export type OpsReply = z.output<typeof opsReply>;

/** Runs one command for the socket; the server's side (plugins/ops-socket.ts). */
export type OpsHandler = (argv: string[]) => Promise<OpsReply>;

/** Written next to the data when the socket had to move to the temp folder (path too long). */
export const opsSocketPathFile = (dataDir: string) => join(dataDir, 'ops.sock.path');

/**
 * Where the server of `dataDir` listens: `${dataDir}/ops.sock`, or, when that path is too long for a
 * Unix socket, a name under the temp folder derived from the data folder (recorded in
 * `ops.sock.path`, since the CLI's temp folder may differ from the server's).
 */
export function opsSocketPath(dataDir: string): { path: string; inTmp: boolean } {
  const path = join(dataDir, 'ops.sock');
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return { path, inTmp: false };
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return { path: join(tmpdir(), `portal-ops-${hash}.sock`), inTmp: true };
}

const ownUid = () => process.getuid?.();

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The socket of a server running on `dataDir`, or null when there is none to talk to. In the temp
 * folder anyone can create files, so a socket there must be our own user's: the argv can carry a
 * password. In the data folder, the folder's own permissions decide (whoever can write there owns
 * the database anyway).
 */
export function findOpsSocket(dataDir: string): string | null {
  let { path, inTmp } = opsSocketPath(dataDir);
  if (inTmp) {
    try {
      path = readFileSync(opsSocketPathFile(dataDir), 'utf8').trim();
    } catch {
      return null;
    }
  }
  try {
    const stat = lstatOrNull(path);
    if (!stat?.isSocket()) return null;
    if (inTmp && ownUid() !== undefined && stat.uid !== ownUid()) return null;
  } catch {
    return null;
  }
  return path;
}

/**
 * A socket file left by a server that crashed (a clean shutdown removes it). Only the holder of the
 * data folder's lock starts a socket, so whatever is there is stale; anything but our own socket is
 * refused rather than deleted.
 */
function removeStaleSocket(path: string): void {
  const stat = lstatOrNull(path);
  if (!stat) return;
  if (!stat.isSocket()) throw new Error(`ops socket: ${path} exists and is not a socket; move it away`);
  if (ownUid() !== undefined && stat.uid !== ownUid()) throw new Error(`ops socket: ${path} belongs to another user`);
  rmSync(path, { force: true });
}

export interface OpsSocketServer {
  path: string;
  /** Stops accepting commands, waits for the running ones, removes the socket (and ops.sock.path). */
  close(): Promise<void>;
}

/** Listens on the ops socket of `dataDir`; the caller must hold the data folder's lock. */
export async function listenOpsSocket(dataDir: string, handler: OpsHandler): Promise<OpsSocketServer> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { path, inTmp } = opsSocketPath(dataDir);
  const pathFile = opsSocketPathFile(dataDir);
  removeStaleSocket(path);
  rmSync(pathFile, { force: true });

  const server = createServer((req, res) => {
    serve(req, res, handler).catch((err: unknown) => {
      // serve() answers every request itself; this is a broken connection.
      res.destroy(err as Error);
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    // bind() creates the socket file with the umask applied, synchronously inside listen(): with
    // 0o177 it is born 0600, so there is no moment in which another user could connect.
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolveListen();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(path, 0o600); // in case the platform ignores the umask for sockets
  if (inTmp) writeFileSync(pathFile, `${path}\n`, { mode: 0o600 });

  let closed: Promise<void> | undefined;
  return {
    path,
    close() {
      closed ??= new Promise<void>((done) => {
        server.close(() => {
          rmSync(path, { force: true });
          if (inTmp) rmSync(pathFile, { force: true });
          done();
        });
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, handler: OpsHandler): Promise<void> {
  const answer = (status: number, reply: OpsReply) => {
    const body = JSON.stringify(reply);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  };
  const refuse = (status: number, message: string) => answer(status, { code: 2, out: [], err: [`ops socket: ${message}`] });

  if (req.method !== 'POST' || req.url !== '/ops') return refuse(404, 'only POST /ops');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return refuse(413, 'request too large');
    chunks.push(chunk);
  }
  let parsed: z.output<typeof opsRequest>;
  try {
    parsed = opsRequest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  } catch {
    return refuse(400, 'expected {"argv": [string, ...]}');
  }
  answer(200, await handler(parsed.argv));
}

/**
 * Sends argv to the server listening on `socketPath` and returns its answer, or null when nobody
 * listens there (no file, or a stale one: nothing was run, so running the command directly is safe).
 * Any later failure throws: the command may or may not have run, so it must not be run a second time.
 */
export function forwardOps(socketPath: string, argv: string[]): Promise<OpsReply | null> {
  return new Promise((resolveReply, reject) => {
    const body = JSON.stringify({ argv });
    const req = request(
      {
        socketPath,
        method: 'POST',
        path: '/ops',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolveReply(opsReply.parse(JSON.parse(text)));
          } catch {
            reject(new Error(`unexpected answer from the server's ops socket ${socketPath} (HTTP ${res.statusCode})`));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolveReply(null);
      else reject(new Error(`the server's ops socket ${socketPath} failed: ${err.message}`));
    });
    req.end(body);
  });
}
