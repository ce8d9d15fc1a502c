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

/**
 * A rendered page is cached (modules/ssr) and sent many times with the same head: its answer's
 * bytes, strong ETag and compressed forms are kept beside it (at most a few heads per page: one
 * per host), so a cached page costs neither a 130 kB hash nor a compression per request.
 */
export function pageAnswers(maxHeadsPerPage = 8) {
  const byPage = new WeakMap<object, Map<string, PageAnswer>>();
  return {
    answer(page: object, head: string, render: () => string): PageAnswer {
      let answers = byPage.get(page);
      if (!answers) {
        answers = new Map();
        byPage.set(page, answers);
      }
      let answer = answers.get(head);
      if (!answer) {
        const identity = Buffer.from(render());
        answer = { identity, etag: `"${createHash('sha1').update(identity).digest('base64url')}"`, encoded: {} };
        if (answers.size >= maxHeadsPerPage) answers.delete(answers.keys().next().value as string);
        answers.set(head, answer);
      }
      return answer;
    },
    /** The answer's bytes in `encoding`, compressed once (off the event loop). */
    encode(answer: PageAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
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
    },
  };
}
