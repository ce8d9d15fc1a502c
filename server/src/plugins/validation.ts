import { type Locale, localizeContractMessage } from '@portal/shared';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';

/** A request validation failure carrying its message in every locale; errors.ts picks one per request. */
export interface LocalizedValidationError extends FastifySchemaValidationError {
  params: { field: string; messages: Record<Locale, string> };
}

const errorMaps: Record<Locale, z.core.$ZodErrorMap> = { en: z.locales.en().localeError, 'zh-CN': z.locales.zhCN().localeError };

export function isLocalizedValidation(value: unknown): value is LocalizedValidationError {
  const params = (value as { params?: { messages?: unknown } } | null)?.params;
  return typeof params?.messages === 'object' && params.messages !== null;
}

/**
 * Validates with the route's zod schema. The locale is not known to a compiled validator, so on
 * failure the input is parsed once more per locale; a per-parse error map yields to messages the
 * schema author wrote, so custom messages survive and the built-in ones are translated; a custom
 * message that is a contract message key (`validation.mobile`) is translated from the shared
 * catalog. The extra parses only happen on the failure path.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const zh = schema.safeParse(data, { error: errorMaps['zh-CN'] });
    const en = schema.safeParse(data, { error: errorMaps.en });
    const zhIssues = zh.success ? [] : zh.error.issues;
    const enIssues = en.success ? [] : en.error.issues;
    const errors = result.error.issues.map((issue, i): LocalizedValidationError => {
      const field = issue.path.map(String).join('.');
      return {
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}`,
        message: localizeContractMessage(issue.message, 'en'),
        params: {
          field,
          messages: {
            en: localizeContractMessage(enIssues[i]?.message ?? issue.message, 'en'),
            'zh-CN': localizeContractMessage(zhIssues[i]?.message ?? issue.message, 'zh-CN'),
          },
        },
      };
    });
    return { error: errors };
  };

/**
 * A 400 for one field whose message the server decides (a rule the schema cannot know), answered
 * like a schema failure: `fieldErrors[field]` in the caller's language.
 */
export function invalidField(field: string, messages: Record<Locale, string>): Error {
  const issue: LocalizedValidationError = {
    keyword: 'custom',
    instancePath: `/${field}`,
    schemaPath: `#/${field}`,
    message: messages.en,
    params: { field, messages },
  };
  return Object.assign(new Error(`invalid ${field}`), { validation: [issue], validationContext: 'body', statusCode: 400 });
}
