import { ResultCode } from '@portal/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromHeader, type MessageKey, type MessageParams, translate } from '../i18n/index.ts';
import { isLocalizedValidation, type LocalizedValidationError } from './validation.ts';

/**
 * A broken business rule: answered with HTTP 200 and the numeric body code (yudao style
 * `1_0MM_NNN_NNN`, or one of ResultCode) so the client shows the localized `msg`.
 */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(messageKey);
    this.name = 'BusinessError';
  }
}

/** The caller is not logged in or the session is gone: body code 401, the client sends them to login. */
export const unauthorized = () => new BusinessError(ResultCode.Unauthorized, 'error.unauthorized');

/**
 * The caller is known but may not do this (SPEC section 8, body code 1006000000): the client shows
 * the message and keeps the session, unlike `unauthorized` (docs/decisions/0028).
 */
export const notAuthorised = (key: MessageKey = 'error.notAuthorised') => new BusinessError(ResultCode.NotAuthorised, key);

const CLIENT_ERROR_KEYS: Record<number, MessageKey> = {
  403: 'error.forbidden',
  404: 'error.notFound',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
};

/**
 * Fastify's `frameworkErrors` option: failures before routing (a malformed %-escape in the URL),
 * where no hook has run yet. Always the caller's fault: a 400 envelope in their language.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'malformed request');
  const msg = translate(localeFromHeader(request.headers['accept-language']), 'error.badRequest');
  reply.code(400).send({ code: ResultCode.BadRequest, data: null, msg });
}

/**
 * SQLSTATEs of a parameter its column cannot hold: out of range (22003), a bad date (22007,
 * 22008), NUL or bytes invalid in the encoding (22021, 22P05), text that is not a number (22P02).
 * Class 22 also has codes of server arithmetic (division by zero): those stay 500.
 */
const DATA_EXCEPTIONS = new Set(['22003', '22007', '22008', '22021', '22P02', '22P05']);

/** The SQLSTATE of a database error (pg and PGlite set `code`; drizzle wraps them as `cause`). */
function sqlState(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

export const isApiPath = (url: string) => url === '/app-api' || url.startsWith('/app-api/') || url.startsWith('/app-api?');

function sendValidation(request: FastifyRequest, reply: FastifyReply, issues: LocalizedValidationError[], context: string) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.params.field || context;
    fieldErrors[field] ??= issue.params.messages[request.locale];
  }
  const [first] = Object.entries(fieldErrors);
  const detail = first ? `${first[0]}: ${first[1]}` : context;
  return reply
    .code(400)
    .send({ code: ResultCode.BadRequest, data: null, msg: request.t('error.validation', { detail }), fieldErrors });
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof BusinessError) {
        return reply.code(200).send({ code: error.code, data: null, msg: request.t(error.messageKey, error.params) });
      }
      if (Array.isArray(error.validation) && error.validation.every(isLocalizedValidation)) {
        return sendValidation(request, reply, error.validation, error.validationContext ?? 'request');
      }
      // Fastify's own 4xx (malformed JSON, body too large, wrong content type...) are the caller's
      // fault: answer with their status, never a 500.
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        const key = CLIENT_ERROR_KEYS[status] ?? 'error.badRequest';
        return reply.code(status).send({ code: status, data: null, msg: request.t(key) });
      }
      // Defence in depth: the contract bounds every value, so this is a gap in it (logged as an error,
      // to be fixed there); the value itself was still the caller's, so the answer is theirs, a 400.
      const state = sqlState(error);
      if (state && DATA_EXCEPTIONS.has(state)) {
        request.log.error({ err: error }, `database refused a request value (SQLSTATE ${state}): the contract let it through`);
        return reply.code(400).send({ code: ResultCode.BadRequest, data: null, msg: request.t('error.badRequest') });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .send({ code: ResultCode.ServerError, data: null, msg: request.t('error.server'), requestId: request.id });
    });

    // Unknown /app-api calls get the envelope; anything else is a plain 404 (static files,
    // versioned remotes) so a missing asset never turns into a page of HTML or JSON.
    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url)) {
        return reply.code(404).send({ code: ResultCode.NotFound, data: null, msg: request.t('error.notFound') });
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
