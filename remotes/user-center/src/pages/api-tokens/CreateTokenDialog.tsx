import { Alert, Box, Button, CloseButton, HStack, Portal, Stack, Text } from '@portal/shared/chakra';
import { Checkbox, Dialog, Field, Input, NativeSelect } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { API_SCOPES, API_TOKEN_EXPIRY_DAYS, type ApiScope, api, apiTokenCreateBody } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, copyText, fieldMessage, message, ActionFailure } from '@portal/shared/ui';
import { useStepUp } from '../account/two-factor/StepUp.tsx';
import { apiTokensKey } from './useApiTokens.ts';

type FormInput = z.input<typeof apiTokenCreateBody>;
type FormOutput = z.output<typeof apiTokenCreateBody>;

/** The create dialog: name, scopes and expiry, then the token, shown once, with a copy button. */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? null : close())}
      placement="center"
      // Once the token is shown, it closes only by its button: a stray click must not lose it.
      closeOnInteractOutside={secret === null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-token-dialog" mx={3}>
            {secret ? (
              <SecretView secret={secret} onDone={close} />
            ) : open ? (
              <CreateForm onCreated={setSecret} onCancel={close} />
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(apiTokenCreateBody),
    defaultValues: { name: '', scopes: ['usage:read'], expiresInDays: 90 },
  });
  const { errors, isSubmitting } = form.formState;
  const text = (m: string | undefined) => fieldMessage(intl, m);
  // A new token is a sensitive action: with two factors on, a code may be asked first (decision 0056).
  const { guard, dialog } = useStepUp();

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const created = await guard(() => callApi(api.apiTokenCreate, { body }, { silent: true }));
      await queryClient.invalidateQueries({ queryKey: apiTokensKey });
      onCreated(created.secret);
    } catch (e) {
      const other = applyServerError(e, (name, msg) => form.setError(name as keyof FormInput, { message: msg }));
      if (other) setFailure(other);
      else if (!Object.keys(form.formState.errors).length) setFailure(intl.formatMessage({ id: 'uc.apiTokens.createFail' }));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Dialog.Header>
        <Dialog.Title>
          <FormattedMessage id="uc.apiTokens.createTitle" />
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>
              <FormattedMessage id="uc.apiTokens.name" />
              <Field.RequiredIndicator />
            </Field.Label>
            <Input maxLength={50} autoFocus data-testid="api-token-name" {...form.register('name')} />
            <Field.HelperText>
              <FormattedMessage id="uc.apiTokens.nameHint" />
            </Field.HelperText>
            <Field.ErrorText>{text(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          <Controller
            control={form.control}
            name="scopes"
            render={({ field }) => (
              <Box as="fieldset" aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}>
                <Text as="legend" fontWeight="medium" fontSize="sm" mb={2}>
                  <FormattedMessage id="uc.apiTokens.scopes" />
                </Text>
                <Stack gap={3}>
                  {API_SCOPES.map((scope) => (
                    <ScopeBox
                      key={scope}
                      scope={scope}
                      checked={field.value.includes(scope)}
                      onChange={(on) =>
                        field.onChange(on ? [...field.value, scope] : field.value.filter((s: ApiScope) => s !== scope))
                      }
                    />
                  ))}
                </Stack>
                {errors.scopes ? (
                  <Text id="api-token-scopes-error" color="fg.error" fontSize="sm" mt={2}>
                    {text(errors.scopes.message)}
                  </Text>
                ) : null}
              </Box>
            )}
          />
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <Field.Root>
                <Field.Label>
                  <FormattedMessage id="uc.apiTokens.expiry" />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={field.value === null || field.value === undefined ? 'never' : String(field.value)}
                    onChange={(e) => field.onChange(e.target.value === 'never' ? null : Number(e.target.value))}
                    data-testid="api-token-expiry"
                  >
                    {API_TOKEN_EXPIRY_DAYS.map((days) => (
                      <option key={days} value={days}>
                        {intl.formatMessage({ id: 'uc.apiTokens.expiryDays' }, { days })}
                      </option>
                    ))}
                    <option value="never">{intl.formatMessage({ id: 'uc.apiTokens.expiryNever' })}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
          />
          <ActionFailure message={failure} testId="api-token-error" size="sm" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onCancel}>
          <FormattedMessage id="uc.apiTokens.cancel" />
        </Button>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="api-token-submit">
          <FormattedMessage id="uc.apiTokens.create" />
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'uc.apiTokens.close' })} />
      </Dialog.CloseTrigger>
      {dialog}
    </form>
  );
}

function ScopeBox({ scope, checked, onChange }: { scope: ApiScope; checked: boolean; onChange: (on: boolean) => void }) {
  const id = scope.replace(':', '-');
  return (
    <Checkbox.Root
      colorPalette="brand"
      checked={checked}
      onCheckedChange={(d) => onChange(d.checked === true)}
      alignItems="flex-start"
      data-testid={`api-token-scope-${id}`}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt={0.5} />
      <Checkbox.Label>
        <Text as="span" display="block" fontFamily="mono" fontSize="sm">
          {scope}
        </Text>
        <Text as="span" display="block" fontWeight="normal" color="fg.muted" fontSize="sm">
          <FormattedMessage id={`uc.apiTokens.scope.${id}`} />
        </Text>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

function SecretView({ secret, onDone }: { secret: string; onDone: () => void }) {
  const intl = useIntl();
  const copy = async () => {
    const ok = await copyText(secret);
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'uc.apiTokens.copied' : 'uc.apiTokens.copyFail' }));
  };
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <FormattedMessage id="uc.apiTokens.createdTitle" />
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="uc.apiTokens.onceWarning" />
            </Alert.Title>
          </Alert.Root>
          <HStack align="stretch" gap={2} flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input
              readOnly
              value={secret}
              fontFamily="mono"
              fontSize="sm"
              aria-label={intl.formatMessage({ id: 'uc.apiTokens.secretLabel' })}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="api-token-secret"
            />
            <Button onClick={() => void copy()} colorPalette="brand" data-testid="api-token-copy">
              <FormattedMessage id="uc.apiTokens.copy" />
            </Button>
          </HStack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone} variant="outline" data-testid="api-token-done">
          <FormattedMessage id="uc.apiTokens.done" />
        </Button>
      </Dialog.Footer>
    </>
  );
}
