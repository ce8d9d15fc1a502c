import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { IntlShape } from 'react-intl';
import { fieldMessage } from '@portal/shared/ui';

export function errorOf<T extends FieldValues>(intl: IntlShape, errors: FieldErrors<T>, name: keyof T & string) {
  return fieldMessage(intl, errors[name]?.message as string | undefined);
}

export { applyServerError } from '@portal/shared/ui';
