import { z } from 'zod';
import { inQuery } from './primitives.ts';

/**
 * One entry of the API contract. The server registers its route from it and the client's typed
 * call is derived from it, so request and response shapes are written exactly once.
 */
export interface ApiEntry<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tags: string[];
  /** Whether the call needs a logged-in user (bearer token). */
  auth: boolean;
  query?: Q;
  params?: P;
  body?: B;
  /** Schema of `data` inside the `{ code, data, msg }` envelope. */
  data: R;
}

export function defineApi<
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(entry: ApiEntry<Q, P, B, R>): ApiEntry<Q, P, B, R> {
  return entry;
}

/** The response envelope of every call: `code` 0 is success, anything else carries `msg`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data: data.nullable(),
    msg: z.string(),
  });
}

export type Envelope<T> = { code: number; data: T | null; msg: string };

export type ApiData<E extends ApiEntry> = z.output<E['data']>;
// Entries declare `query?: Q` (default ZodUndefined): strip the optional `undefined`, skip absent parts.
type InputPart<S, K extends string> =
  NonNullable<S> extends z.ZodUndefined
    ? unknown
    : NonNullable<S> extends z.ZodType
      ? { [P in K]: z.input<NonNullable<S>> }
      : unknown;
export type ApiInput<E extends ApiEntry> = InputPart<E['query'], 'query'> &
  InputPart<E['params'], 'params'> &
  InputPart<E['body'], 'body'>;

/** Pages are `{ list, total }` with pageNo/pageSize in the query (SPEC section 7). */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}

export const pageQuery = z.object({
  pageNo: inQuery.count.default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
