import { HStack } from '@portal/shared/chakra';
import { Field, Input, Tabs } from '@portal/shared/chakra/deferred';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { message } from '@portal/shared/ui';
import { useCaptcha } from '../../captcha/CaptchaProvider.tsx';
import { applyServerError, errorOf } from '../../forms/fieldError.ts';
import { SendCodeButton } from '../../forms/SendCodeButton.tsx';
import { destination } from './codeForm.ts';

type DestinationForm = { by: 'mobile' | 'email'; mobile: string; email: string; code: string };

/** Mobile / e-mail tabs, the destination field, and the code field with its send button. */
export function DestinationFields<T extends DestinationForm>({
  form,
  scene,
  onFailure,
}: {
  form: UseFormReturn<T>;
  scene: 0 | 3;
  onFailure: (msg: string | null) => void;
}) {
  const intl = useIntl();
  const verify = useCaptcha();
  const f = form as unknown as UseFormReturn<DestinationForm>;
  const by = f.watch('by');
  const { errors } = f.formState;

  const send = async () => {
    onFailure(null);
    if (!(await f.trigger(by))) return false;
    const captchaVerification = await verify();
    if (captchaVerification === null) return false;
    try {
      await callApi(api.authSendSmsCode, {
        body: { ...destination(f.getValues()), scene, captchaVerification: captchaVerification || undefined },
      });
      message('success', intl.formatMessage({ id: 'code.sent' }));
      return true;
    } catch (e) {
      onFailure(applyServerError(e, (name, msg) => f.setError(name as keyof DestinationForm, { message: msg })));
      return false;
    }
  };

  return (
    <>
      {/* Each tab controls the panel holding its field (aria-controls names a panel in the page). */}
      <Tabs.Root value={by} onValueChange={(e) => f.setValue('by', e.value as 'mobile' | 'email')} variant="enclosed" fitted>
        <Tabs.List>
          <Tabs.Trigger value="mobile">
            <FormattedMessage id="form.byMobile" />
          </Tabs.Trigger>
          <Tabs.Trigger value="email">
            <FormattedMessage id="form.byEmail" />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="mobile">
          <Field.Root invalid={!!errors.mobile} required>
            <Field.Label>
              <FormattedMessage id="login.mobile" />
            </Field.Label>
            <Input type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} {...f.register('mobile')} />
            <Field.ErrorText>{errorOf(intl, errors, 'mobile')}</Field.ErrorText>
          </Field.Root>
        </Tabs.Content>
        <Tabs.Content value="email">
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>
              <FormattedMessage id="form.email" />
            </Field.Label>
            <Input type="email" autoComplete="email" {...f.register('email')} />
            <Field.ErrorText>{errorOf(intl, errors, 'email')}</Field.ErrorText>
          </Field.Root>
        </Tabs.Content>
      </Tabs.Root>
      <Field.Root invalid={!!errors.code} required>
        <Field.Label>
          <FormattedMessage id="code.label" />
        </Field.Label>
        <HStack w="full" align="flex-start">
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...f.register('code')} />
          <SendCodeButton send={send} />
        </HStack>
        <Field.ErrorText>{errorOf(intl, errors, 'code')}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
