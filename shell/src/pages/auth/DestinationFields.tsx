import { HStack } from '@portal/shared/chakra';
import { Field, Input, NativeSelect, Tabs } from '@portal/shared/chakra/deferred';
import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, defaultPhoneRegion, phoneCountryOptions } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { message } from '@portal/shared/ui';
import { useClientConfig } from '../../app/clientConfig.ts';
import { useHydrated } from '../../app/useHydrated.ts';
import { useCaptcha } from '../../captcha/CaptchaProvider.tsx';
import { applyServerError, errorOf } from '../../forms/fieldError.ts';
import { SendCodeButton } from '../../forms/SendCodeButton.tsx';
import { destination } from './codeForm.ts';

type DestinationForm = { by: 'mobile' | 'email'; country: string; mobile: string; email: string; code: string };

/**
 * Mobile / e-mail tabs, the destination field, and the code field with its send button. The mobile
 * tab has a country picker of the countries SMS reaches (client-config), starting on the mainland
 * for Chinese pages and on the browser's region for English ones; without SMS only e-mail is offered.
 */
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
  const smsCountries = useClientConfig().data?.smsCountries;
  const hydrated = useHydrated();
  // Country names come from the runtime's CLDR data, which differs between Node and the browser:
  // the server renders the picked country's code alone, the browser the named list.
  const countries = useMemo(
    () => (hydrated ? phoneCountryOptions(intl.locale, smsCountries === undefined ? null : smsCountries) : null),
    [hydrated, intl.locale, smsCountries],
  );
  const picked = f.watch('country');
  const noSms = smsCountries !== undefined && smsCountries !== null && smsCountries.length === 0;

  // The browser's region is known only after hydration (the server renders the language's default).
  useEffect(() => {
    if (f.getFieldState('country').isDirty) return;
    const region = defaultPhoneRegion(intl.locale, navigator.languages ?? [], smsCountries ?? undefined);
    if (region !== f.getValues('country')) f.setValue('country', region);
    if (noSms && f.getValues('by') === 'mobile') f.setValue('by', 'email');
  }, [f, intl.locale, smsCountries, noSms]);

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
          {/* English visitors mostly sign up by e-mail: their tab comes first (the default is set by the page). */}
          {intl.locale === 'en' ? null : mobileTrigger(noSms)}
          <Tabs.Trigger value="email">
            <FormattedMessage id="form.byEmail" />
          </Tabs.Trigger>
          {intl.locale === 'en' ? mobileTrigger(noSms) : null}
        </Tabs.List>
        <Tabs.Content value="mobile">
          <Field.Root invalid={!!errors.mobile} required>
            <Field.Label>
              <FormattedMessage id="login.mobile" />
            </Field.Label>
            <HStack w="full" align="flex-start" gap={2}>
              <NativeSelect.Root w="auto" flexShrink={0} maxW="45%">
                <NativeSelect.Field
                  id="mobile-country"
                  aria-label={intl.formatMessage({ id: 'form.mobileCountry' })}
                  autoComplete="tel-country-code"
                  data-testid="mobile-country"
                  name="country"
                  // Controlled: the options change after hydration, and an uncontrolled select
                  // would then show its first option while the form holds another.
                  value={picked}
                  onChange={(e) => f.setValue('country', e.target.value, { shouldDirty: true })}
                >
                  {countries ? (
                    countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {intl.formatMessage({ id: 'form.mobileCountryOption' }, { name: c.name, code: c.callingCode })}
                      </option>
                    ))
                  ) : (
                    <option value={picked}>{picked}</option>
                  )}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Input type="tel" inputMode="tel" autoComplete="tel-national" maxLength={24} {...f.register('mobile')} />
            </HStack>
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

function mobileTrigger(disabled: boolean) {
  return (
    <Tabs.Trigger value="mobile" disabled={disabled}>
      <FormattedMessage id="form.byMobile" />
    </Tabs.Trigger>
  );
}
