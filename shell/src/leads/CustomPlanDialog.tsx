import { ActionFailure } from '@portal/shared/ui';
import { Alert, Box, Button, CloseButton, Portal, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { Dialog, Field, Input, NativeSelect, Textarea } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import {
  type CustomPlanLeadResult,
  customPlanLeadBody,
  LEAD_COMPANY_MAX,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  LEAD_USE_CASES,
  LEAD_VOLUMES,
  leadContact,
  api,
} from '@portal/shared';
import { authStore, callApi, closeCustomPlan, openCustomPlan } from '@portal/shared/browser';
import { useCaptcha } from '../captcha/CaptchaProvider.tsx';
import { applyServerError, errorOf } from '../forms/fieldError.ts';

type FormInput = z.input<typeof customPlanLeadBody>;
type FormOutput = z.output<typeof customPlanLeadBody>;

/**
 * A visitor must say where to answer; a logged-in user may leave it to the account's contact. A
 * field rule rather than a refinement of the whole object, so it shows together with the others.
 */
const schemaFor = (loggedIn: boolean) =>
  loggedIn
    ? customPlanLeadBody
    : customPlanLeadBody.extend({ contact: leadContact.refine((v) => v !== '', 'validation.leadContactRequired') });

const EMPTY: FormInput = { company: '', contactName: '', contact: '', volume: '' as never, useCase: '' as never, message: '' };

/**
 * What was typed survives closing the dialog and a failed submit (kept for the page's life, not
 * stored); only a request that went through clears it.
 */
let draft: FormInput | null = null;

export function CustomPlanDialog({ open }: { open: boolean }) {
  const intl = useIntl();
  const [sent, setSent] = useState<CustomPlanLeadResult | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (d.open) openCustomPlan();
        else {
          closeCustomPlan();
          setSent(null);
        }
      }}
      // Centred at every width: a responsive "full" size kept its full height on desktop.
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="custom-plan-dialog" mx={3}>
            {sent ? <Sent result={sent} /> : open ? <RequestForm onSent={setSent} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'customPlan.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RequestForm({ onSent }: { onSent: (result: CustomPlanLeadResult) => void }) {
  const intl = useIntl();
  const verify = useCaptcha();
  const auth = useSnapshot(authStore);
  const loggedIn = Boolean(auth.token);
  const accountContact = (auth.userInfo?.mobile ?? auth.userInfo?.email ?? null) as string | null;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schemaFor(loggedIn)),
    defaultValues: draft ?? { ...EMPTY, contactName: loggedIn ? String(auth.userInfo?.nickname ?? '') : '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof FormInput & string) => errorOf(intl, errors, name);

  useEffect(() => {
    const subscription = form.watch((values) => {
      draft = { ...EMPTY, ...values } as FormInput;
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    // Everyone passes the security check, members too: the form makes us write to the address typed in it.
    const captchaVerification = await verify();
    if (captchaVerification === null) return;
    try {
      const result = await callApi(
        api.leadCreate,
        { body: { ...body, captchaVerification: captchaVerification || undefined } },
        { silent: true },
      );
      form.reset({ ...EMPTY });
      draft = null;
      onSent(result);
    } catch (e) {
      const other = applyServerError(e, (name, msg) => form.setError(name as keyof FormInput, { message: msg }));
      if (other) setFailure(other);
      else if (!Object.keys(form.formState.errors).length) setFailure(intl.formatMessage({ id: 'customPlan.failed' }));
    }
  });

  return (
    // A flex column like the dialog's content, so with scrollBehavior "inside" the body scrolls and the buttons stay in view.
    <Box asChild display="flex" flexDirection="column" flex="1" minH="0">
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="custom-plan-form">
        <Dialog.Header>
          <Stack gap={1}>
            <Dialog.Title>
              <FormattedMessage id="customPlan.title" />
            </Dialog.Title>
            <Dialog.Description color="fg.muted" fontSize="sm">
              <FormattedMessage id="customPlan.intro" />
            </Dialog.Description>
          </Stack>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap={4}>
            <Field.Root invalid={!!errors.company} required>
              <Field.Label>
                <FormattedMessage id="customPlan.company" />
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                maxLength={LEAD_COMPANY_MAX}
                autoComplete="organization"
                data-testid="custom-plan-company"
                {...form.register('company')}
              />
              <Field.ErrorText>{error('company')}</Field.ErrorText>
            </Field.Root>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
              <Field.Root invalid={!!errors.contactName} required>
                <Field.Label>
                  <FormattedMessage id="customPlan.contactName" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  maxLength={LEAD_NAME_MAX}
                  autoComplete="name"
                  data-testid="custom-plan-name"
                  {...form.register('contactName')}
                />
                <Field.ErrorText>{error('contactName')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.contact} required={!loggedIn}>
                <Field.Label>
                  <FormattedMessage id="customPlan.contact" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input maxLength={254} autoComplete="email" data-testid="custom-plan-contact" {...form.register('contact')} />
                {errors.contact ? null : (
                  <Field.HelperText>
                    {loggedIn && accountContact ? (
                      <FormattedMessage id="customPlan.contactAccount" values={{ contact: accountContact }} />
                    ) : (
                      <FormattedMessage id="customPlan.contactHint" />
                    )}
                  </Field.HelperText>
                )}
                <Field.ErrorText>{error('contact')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
              <Field.Root invalid={!!errors.volume} required>
                <Field.Label>
                  <FormattedMessage id="customPlan.volume" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="custom-plan-volume" {...form.register('volume')}>
                    <option value="">{intl.formatMessage({ id: 'customPlan.choose' })}</option>
                    {LEAD_VOLUMES.map((v) => (
                      <option key={v} value={v}>
                        {intl.formatMessage({ id: `customPlan.volume.${v}` })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{error('volume')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.useCase} required>
                <Field.Label>
                  <FormattedMessage id="customPlan.useCase" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field data-testid="custom-plan-use-case" {...form.register('useCase')}>
                    <option value="">{intl.formatMessage({ id: 'customPlan.choose' })}</option>
                    {LEAD_USE_CASES.map((u) => (
                      <option key={u} value={u}>
                        {intl.formatMessage({ id: `customPlan.useCase.${u}` })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{error('useCase')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Field.Root invalid={!!errors.message}>
              <Field.Label>
                <FormattedMessage id="customPlan.message" />
              </Field.Label>
              <Textarea rows={4} maxLength={LEAD_MESSAGE_MAX} data-testid="custom-plan-message" {...form.register('message')} />
              <Field.HelperText>
                <FormattedMessage id="customPlan.messageHint" />
              </Field.HelperText>
              <Field.ErrorText>{error('message')}</Field.ErrorText>
            </Field.Root>
            <ActionFailure message={failure} testId="custom-plan-error" size="sm" />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={closeCustomPlan}>
            <FormattedMessage id="customPlan.cancel" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="custom-plan-submit">
            <FormattedMessage id="customPlan.submit" />
          </Button>
        </Dialog.Footer>
      </form>
    </Box>
  );
}

function Sent({ result }: { result: CustomPlanLeadResult }) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <FormattedMessage id="customPlan.sentTitle" />
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Alert.Root status="success" data-testid="custom-plan-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="customPlan.sentNumber" values={{ id: result.id }} />
            </Alert.Title>
            <Alert.Description>
              <FormattedMessage id="customPlan.sentText" values={{ channel: result.channel, to: result.to }} />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text mt={4} color="fg.muted" fontSize="sm">
          <FormattedMessage id="customPlan.sentNext" />
        </Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="brand" onClick={closeCustomPlan} data-testid="custom-plan-done">
          <FormattedMessage id="customPlan.done" />
        </Button>
      </Dialog.Footer>
    </>
  );
}
