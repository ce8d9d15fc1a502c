import type { z } from 'zod';
import { type ApiData, type ApiEntry, type ApiInput, envelope } from '../contract/define.ts';
import { ResultCode } from '../contract/codes.ts';

export const API_TIMEOUT_MS = 15_000;

export type ApiErrorKind = 'business' | 'unauthorized' | 'not-authorised' | 'timeout' | 'http' | 'network' | 'invalid-response';

/** Every failed call ends as one of these; `msg` is already localized when the server sent it. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    msg: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export interface HttpConfig {
  baseUrl: string;
  timeoutMs: number;
  locale: () => string;
  token: () => string | null | undefined;
  /** Called once per failure, before the promise rejects (toasts, logout, redirect live in the shell). */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

/**
 * One configuration per JavaScript realm, not per copy of this module: a remote version deployed
 * while the server runs may bring its own copy of the client in its server bundle (federation hands
 * it a fresh one when the shared scope is negotiated again), and that copy must still call through
 * the in-process fetch the shell configured at boot instead of fetching a relative URL.
 */
const CONFIG_SLOT = Symbol.for('@portal/shared/http-config');
const realm = globalThis as typeof globalThis & { [CONFIG_SLOT]?: HttpConfig };
realm[CONFIG_SLOT] ??= {
  baseUrl: '',
  timeoutMs: API_TIMEOUT_MS,
  locale: () => 'zh-CN',
  token: () => null,
};
const config: HttpConfig = realm[CONFIG_SLOT];

/** The shell configures the client at boot; every remote, and every copy of this module, calls through it. */
export function configureHttp(next: Partial<HttpConfig>): void {
  Object.assign(config, next);
}

function buildUrl(entry: ApiEntry, input: Record<string, unknown>): string {
  let path = entry.path;
  const params = (input.params ?? {}) as Record<string, unknown>;
  path = path.replace(/\{(\w+)\}|:(\w+)/g, (_, a: string | undefined, b: string | undefined) =>
    encodeURIComponent(String(params[(a ?? b) as string] ?? '')),
  );
  const query = input.query as Record<string, unknown> | undefined;
  const search = new URLSearchParams();
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
      else search.set(k, String(v));
    }
  }
  const qs = search.toString();
  return `${config.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function request<E extends ApiEntry>(entry: E, input: Record<string, unknown>): Promise<ApiData<E>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': config.locale() };
  const token = config.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (input.body instanceof FormData) {
    // Uploads: the browser sets the multipart boundary itself.
    body = input.body;
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), config.timeoutMs);
  let res: Response;
  try {
    res = await (config.fetch ?? fetch)(buildUrl(entry, input), {
      method: entry.method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch (e) {
    if (controller.signal.aborted) throw new ApiError('timeout', 0, 'timeout');
    throw new ApiError('network', 0, e instanceof Error ? e.message : 'network');
  } finally {
    clearTimeout(timer);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    if (res.status >= 500) throw new ApiError('http', res.status, 'server error');
    if (res.status === 403) throw new ApiError('not-authorised', res.status, '');
    throw new ApiError('invalid-response', res.status, `HTTP ${res.status}`);
  }
  const parsed = envelope(entry.data as z.ZodType).safeParse(json);
  if (!parsed.success) {
    const loose = json as { code?: unknown; msg?: unknown; fieldErrors?: Record<string, string> };
    if (typeof loose?.code === 'number' && loose.code !== 0)
      return raise(loose.code, res.status, String(loose.msg ?? ''), loose.fieldErrors);
    if (res.status >= 500) throw new ApiError('http', res.status, 'server error');
    throw new ApiError('invalid-response', res.status, parsed.error.message);
  }
  const { code, msg, data } = parsed.data;
  if (code !== ResultCode.Success)
    return raise(code, res.status, msg, (json as { fieldErrors?: Record<string, string> }).fieldErrors);
  return data as ApiData<E>;
}

function raise(code: number, status: number, msg: string, fieldErrors?: Record<string, string>): never {
  if (code === ResultCode.Unauthorized) throw new ApiError('unauthorized', code, msg);
  // Known but not allowed: the spec's body code, or an HTTP 403 (a gateway's or the framework's).
  if (code === ResultCode.NotAuthorised || status === 403) throw new ApiError('not-authorised', code, msg);
  if (status >= 500 && code === ResultCode.ServerError) throw new ApiError('http', code, msg);
  throw new ApiError('business', code, msg, fieldErrors);
}

export interface CallOptions {
  /** Skip the portal-wide reactions (toasts, logout): for background calls such as the route guard. */
  silent?: boolean;
}

/** Calls one contract entry: validates nothing on the way out (the server does), parses the answer. */
export async function callApi<E extends ApiEntry>(
  entry: E,
  ...args: keyof ApiInput<E> extends never ? [] | [undefined, CallOptions] : [ApiInput<E>] | [ApiInput<E>, CallOptions]
): Promise<ApiData<E>> {
  try {
    return await request(entry, (args[0] ?? {}) as Record<string, unknown>);
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError('network', 0, String(e));
    if (!(args[1] as CallOptions | undefined)?.silent) config.onError?.(error);
    throw error;
  }
}

/**
 * A file the API serves outside the JSON envelope (an invoice PDF of the caller's), fetched with the
 * session's token. A refusal comes as the usual envelope and is raised as ApiError, like callApi's.
 */
export async function fetchFile(path: string, options: CallOptions = {}): Promise<Blob> {
  try {
    const headers: Record<string, string> = { 'Accept-Language': config.locale() };
    const token = config.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), config.timeoutMs);
    let res: Response;
    try {
      res = await (config.fetch ?? fetch)(`${config.baseUrl}${path}`, { headers, signal: controller.signal });
      if (res.ok) return await res.blob();
    } catch (e) {
      if (controller.signal.aborted) throw new ApiError('timeout', 0, 'timeout');
      throw new ApiError('network', 0, e instanceof Error ? e.message : 'network');
    } finally {
      clearTimeout(timer);
    }
    const body = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown } | null;
    if (typeof body?.code === 'number' && body.code !== 0) return raise(body.code, res.status, String(body.msg ?? ''));
    throw new ApiError('http', res.status, `HTTP ${res.status}`);
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError('network', 0, String(e));
    if (!options.silent) config.onError?.(error);
    throw error;
  }
}
