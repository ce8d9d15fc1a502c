import type { IntlShape } from 'react-intl';
import { localizeContractMessage } from '../contract/messages.ts';
import { ApiError } from '../http/client.ts';
import { isLocale } from '../i18n/locales.ts';

/**
 * A form field's message in the page's language. Form schemas carry message ids, shared contract
 * schemas carry contract keys, and server 400s carry text that is already localized.
 */
export function fieldMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (intl.messages[message]) return intl.formatMessage({ id: message });
  return localizeContractMessage(message, isLocale(intl.locale) ? intl.locale : 'zh-CN');
}

/**
 * Puts a server's field errors (400) onto the form; returns any other business message for the
 * form's alert, or null when there is nothing more to show (portal-wide errors are toasted).
 */
export function applyServerError(error: unknown, setFieldError: (name: string, message: string) => void): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'business') return null;
  if (error.fieldErrors && Object.keys(error.fieldErrors).length) {
    for (const [name, message] of Object.entries(error.fieldErrors)) setFieldError(name, message);
    return null;
  }
  return error.message;
}
