import type { Locale } from '@portal/shared';
import fp from 'fastify-plugin';
import { localeFromHeader, type MessageKey, type MessageParams, translate } from '../i18n/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** A server message in the caller's language (Accept-Language: en or zh-CN, default zh-CN). */
    t(key: MessageKey, params?: MessageParams): string;
  }
}

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('locale', 'zh-CN');
    app.decorateRequest('t', function (this: { locale: Locale }, key: MessageKey, params?: MessageParams) {
      return translate(this.locale, key, params);
    });
    // onRequest runs before body parsing and routing failures reach the error handler, so even a
    // 404 or a malformed body is answered in the caller's language.
    // A callback hook, not an async one: it runs on every request and needs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = localeFromHeader(request.headers['accept-language']);
      done();
    });
  },
  { name: 'i18n' },
);
