import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The bytes of one page answer, made once per rendered page and head instead of once per request. */
export interface PageAnswer {
  identity: Buffer;
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli first (smaller), then gzip; null: send as it is. A `q=0` refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The bytes of a page answer and its strong ETag; compressed forms are made on demand (encodeAnswer). */
export function createAnswer(body: string): PageAnswer {
  const identity = Buffer.from(body);
  return { identity, etag: `"${createHash('sha1').update(identity).digest('base64url')}"`, encoded: {} };
}

/** The answer's bytes in `encoding`, compressed once (off the event loop) and kept in the answer. */
export function encodeAnswer(answer: PageAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let encoded = answer.encoded[encoding];
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? brotli(answer.identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: answer.identity.length,
            },
          })
        : gzipAsync(answer.identity, { level: 9 });
    answer.encoded[encoding] = encoded;
  }
  return encoded;
}
