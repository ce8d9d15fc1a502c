/**
 * Every message the server sends to people, in English. The zh-CN catalog must have the same keys
 * (enforced by its type and by catalog.test.ts). Placeholders are `{name}`.
 */
export const en = {
  'error.validation': 'Invalid request: {detail}',
  'error.badRequest': 'Bad request',
  'error.payloadTooLarge': 'The request body is too large',
  'error.unsupportedMediaType': 'Unsupported content type',
  'error.unauthorized': 'Login expired, please log in again',
  'error.forbidden': 'Access denied',
  'error.notFound': 'Not found',
  'error.server': 'Server error',
  'site.notConfigured': 'The site settings are not configured',
  'auth.loginFailed': 'Login failed',
} as const;

export type MessageKey = keyof typeof en;
