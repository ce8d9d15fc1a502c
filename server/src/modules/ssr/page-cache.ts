import { LRUCache } from 'lru-cache';
import { createAnswer, encodeAnswer, type PageAnswer } from './page-answers.ts';

/** A page as the server rendered it: markup for #root and the data to start the browser with. */
export interface RenderedPage {
  html: string;
  styles: string;
  /** The data as JSON text, `<` escaped: ready for the page's inert data block, and a string's weight. */
  state: string;
}

/** Answers kept per page: one per head (language prefix, public origin, marked or not), a handful in practice. */
const MAX_ANSWERS_PER_PAGE = 8;
/** What an entry costs beyond its strings and buffers (key, maps, promises, LRU slots): counted, not measured. */
const ENTRY_OVERHEAD = 1024;

/**
 * A rendered page and the answers made of it (bytes, ETag, compressed forms), so that a page served
 * many times costs neither a render, nor a hash, nor a compression per request.
 */
export interface CachedPage {
  /** null: the render failed; the page goes without markup (the browser renders it) until the entry goes. */
  readonly page: RenderedPage | null;
  /** The answer made of this page with `head`, made by `render` the first time. */
  answer(head: string, render: () => string): PageAnswer;
  /** `answer`'s bytes in `encoding`, compressed once. */
  encode(answer: PageAnswer, encoding: 'br' | 'gzip'): Promise<Buffer>;
}

/** A JavaScript string weighs 1 or 2 bytes a character; 2 is the bound. */
const stringBytes = (text: string) => 2 * text.length;

interface Kept {
  head: string;
  answer: PageAnswer;
  /** Identity and compressed bytes made so far. */
  bytes: number;
}

class Entry implements CachedPage {
  private readonly answers = new Map<string, Kept>();
  private readonly base: number;

  constructor(
    readonly key: string,
    readonly page: RenderedPage | null,
    private readonly resized: (entry: Entry) => void,
  ) {
    this.base =
      ENTRY_OVERHEAD +
      stringBytes(key) +
      (page ? stringBytes(page.html) + stringBytes(page.styles) + stringBytes(page.state) : 0);
  }

  /** What the page and its answers weigh now. */
  get bytes(): number {
    let bytes = this.base;
    for (const kept of this.answers.values()) bytes += kept.bytes;
    return bytes;
  }

  answer(head: string, render: () => string): PageAnswer {
    const found = this.answers.get(head);
    if (found) return found.answer;
    const answer = createAnswer(render());
    if (this.answers.size >= MAX_ANSWERS_PER_PAGE) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(head, { head, answer, bytes: stringBytes(head) + stringBytes(answer.etag) + answer.identity.length });
    this.resized(this);
    return answer;
  }

  encode(answer: PageAnswer, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const made = answer.encoded[encoding];
    if (made) return made;
    const encoded = encodeAnswer(answer, encoding);
    void encoded.then(
      (buffer) => {
        const kept = [...this.answers.values()].find((k) => k.answer === answer);
        if (!kept) return;
        kept.bytes += buffer.length;
        this.resized(this);
      },
      () => {},
    );
    return encoded;
  }
}

export interface PageCacheOptions {
  /** What the entries may weigh together (SSR_CACHE_MB); the least recently used go first. */
  maxBytes: number;
  /** How long an entry is kept at most (a lost invalidation is out of date for no longer). */
  ttlMs: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Rendered pages by key, bounded by what they weigh (lru-cache with maxSize): the markup, the data
 * and every answer made of them count, compressed forms included, so a storm of new keys evicts the
 * least recently used pages instead of growing the process. Entries live for at most `ttlMs`.
 */
export function createPageCache({ maxBytes, ttlMs }: PageCacheOptions) {
  // The LRU holds a new box each time an entry grows: lru-cache measures a value again only when it
  // is replaced by another object.
  const lru = new LRUCache<string, { entry: Entry }>({
    maxSize: maxBytes,
    sizeCalculation: (box) => box.entry.bytes,
    ttl: ttlMs,
  });

  const resized = (entry: Entry) => {
    if (lru.peek(entry.key)?.entry === entry) lru.set(entry.key, { entry }, { noUpdateTTL: true });
  };

  return {
    /** The page kept under `key` (now the most recently used), or undefined. */
    get(key: string): CachedPage | undefined {
      return lru.get(key)?.entry;
    },
    /** Keeps `page` under `key` (unless it alone weighs more than the cache) and returns it. */
    set(key: string, page: RenderedPage | null): CachedPage {
      const entry = new Entry(key, page, resized);
      lru.set(key, { entry });
      return entry;
    },
    /** A page that is not kept (a URL with a query of its own): its answers go with the request. */
    transient(page: RenderedPage | null): CachedPage {
      return new Entry('', page, () => {});
    },
    clear(): void {
      lru.clear();
    },
    stats(): PageCacheStats {
      return { entries: lru.size, bytes: lru.calculatedSize, maxBytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
