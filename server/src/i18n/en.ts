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
  'error.tooManyRequests': 'Too many requests, please try again later',
  'auth.loginFailed': 'Login failed',
  'auth.tooManyAttempts': 'Too many failed attempts, try again in {minutes} minutes',
  'auth.captchaRequired': 'Please complete the security verification',
  'auth.codeInvalid': 'The verification code is incorrect or has expired',
  'auth.codeTooSoon': 'Please wait {seconds} s before requesting another code',
  'auth.codeDailyLimit': 'Too many verification codes requested, please try again later',
  'auth.smsUnavailable': 'Verification codes cannot be sent by SMS at the moment, please use your e-mail address',
  'auth.emailUnavailable': 'Verification codes cannot be sent by e-mail at the moment, please use your mobile number',
  'auth.oldPasswordIncorrect': 'The current password is incorrect',
  'captcha.failed': 'verification failed',
  'cert.locked': 'Your certification is under review or already approved and cannot be changed',
  'cert.nameMismatch': 'The name does not match the ID card',
  'cert.verifierUnavailable': 'Identity verification is unavailable at the moment, please try again later',
  'cert.multipartRequired': 'Send the form as multipart/form-data with the business licence file',
  'message.code.subject': '{site} verification code: {code}',
  'message.code.register':
    'Your {site} registration code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  'message.code.reset':
    'Your {site} password reset code is {code}. It is valid for {minutes} minutes. Never share it; if you did not ask for it, ignore this message.',
  'message.accountExists.subject': 'Your {site} account',
  'message.accountExists':
    'Someone tried to register a new {site} account with these contact details, but you already have an account. If it was you, log in or use "Forgot password". Otherwise you can ignore this message.',
} as const;

export type MessageKey = keyof typeof en;
