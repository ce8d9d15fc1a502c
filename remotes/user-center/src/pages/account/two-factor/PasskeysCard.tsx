import { Badge, Box, Button, Card, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api, type Passkey, passkeyName } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { fieldMessage, message, QueryFailure } from '@portal/shared/ui';
import { ConfirmDialog } from '@portal/shared/ui/forms';
import { twoFactorKey } from './keys.ts';
import { useStepUp } from './StepUp.tsx';
import { isPasskeyCancel, isPasskeyExisting, passkeysSupported } from '@portal/shared/browser';
import { addPasskey, deviceName } from './webauthn.ts';

const passkeysKey = [...twoFactorKey, 'passkeys'] as const;

/**
 * Passkeys (decision 0057): each one signs in without a password and is a second factor after it.
 * Adding and removing ask for a recent check when two factors are already on (useStepUp).
 */
export function PasskeysCard() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: passkeysKey, queryFn: () => callApi(api.twoFactorPasskeyList) });
  const { guard, dialog } = useStepUp();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = (e: unknown) =>
    e instanceof ApiError && e.kind === 'business'
      ? e.message
      : intl.formatMessage({
          id: isPasskeyCancel(e)
            ? 'uc.passkeys.cancelled'
            : isPasskeyExisting(e)
              ? 'uc.passkeys.existing'
              : 'uc.twoFactor.failed',
        });
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey });
  const remove = useMutation({
    mutationFn: (id: number) => guard(() => callApi(api.twoFactorPasskeyRemove, { body: { id } }, { silent: true })),
    onSuccess: async () => {
      setRemoving(null);
      setFailure(null);
      await refresh();
      message('success', intl.formatMessage({ id: 'uc.passkeys.removed' }));
    },
    onError: (e) => setFailure(errorText(e)),
  });
  return (
    <Card.Root data-testid="passkeys" id="passkeys">
      <Card.Header>
        <Stack gap={1}>
          <Card.Title as="h2">
            <FormattedMessage id="uc.passkeys.title" />
          </Card.Title>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.passkeys.description" />
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        {list.isLoading ? (
          <Skeleton h="10" aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.passkeys.loading' })} />
        ) : list.isError || !list.data ? (
          <QueryFailure onRetry={() => void list.refetch()} />
        ) : (
          <Stack gap={5}>
            {list.data.length === 0 ? (
              <Text color="fg.muted" data-testid="passkeys-empty">
                <FormattedMessage id="uc.passkeys.none" />
              </Text>
            ) : (
              <Stack as="ul" gap={0} listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px">
                {list.data.map((key) => (
                  <PasskeyRow key={key.id} passkey={key} onRemove={() => setRemoving(key)} onRenamed={refresh} />
                ))}
              </Stack>
            )}
            <AddPasskey
              guard={guard}
              onAdded={async () => {
                await refresh();
                message('success', intl.formatMessage({ id: 'uc.passkeys.added' }));
              }}
              errorText={errorText}
            />
          </Stack>
        )}
        {dialog}
        <ConfirmDialog
          open={removing !== null}
          title={<FormattedMessage id="uc.passkeys.removeTitle" />}
          confirmLabel={<FormattedMessage id="uc.passkeys.remove" />}
          destructive
          busy={remove.isPending}
          failure={failure}
          onConfirm={() => removing && remove.mutate(removing.id)}
          onCancel={() => {
            setFailure(null);
            setRemoving(null);
          }}
          testId="passkey-remove-dialog"
          confirmTestId="passkey-remove-confirm"
        >
          <FormattedMessage id="uc.passkeys.removeConfirm" values={{ name: <strong>{removing?.name}</strong> }} />
        </ConfirmDialog>
      </Card.Body>
    </Card.Root>
  );
}

function PasskeyRow({ passkey, onRemove, onRenamed }: { passkey: Passkey; onRemove: () => void; onRenamed: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (value: string) =>
      callApi(api.twoFactorPasskeyRename, { body: { id: passkey.id, name: value } }, { silent: true }),
    onSuccess: () => {
      setName(null);
      onRenamed();
    },
    onError: (e) =>
      setError(e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.twoFactor.failed' })),
  });
  const save = () => {
    const parsed = passkeyName.safeParse(name ?? '');
    if (!parsed.success) setError(fieldMessage(intl, parsed.error.issues[0]?.message) ?? null);
    else rename.mutate(parsed.data);
  };
  return (
    <Box as="li" px={4} py={3} data-testid="passkey-row">
      {name !== null ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack gap={2}>
            <Field.Root invalid={error !== null}>
              <Field.Label>
                <FormattedMessage id="uc.passkeys.name" />
              </Field.Label>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} autoFocus />
              {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
            </Field.Root>
            <HStack gap={2}>
              <Button type="submit" size="sm" colorPalette="brand" loading={rename.isPending}>
                <FormattedMessage id="uc.passkeys.save" />
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setName(null)}>
                <FormattedMessage id="uc.twoFactor.cancel" />
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <HStack justify="space-between" align="flex-start" gap={3} flexWrap="wrap">
          <Stack gap={0.5} minW={0}>
            <HStack gap={2} flexWrap="wrap">
              <Text fontWeight="medium" wordBreak="break-word" data-testid="passkey-name">
                {passkey.name}
              </Text>
              {passkey.backedUp ? (
                <Badge colorPalette="green" variant="subtle">
                  <FormattedMessage id="uc.passkeys.synced" />
                </Badge>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage
                id="uc.passkeys.createdOn"
                values={{ date: <FormattedDate value={passkey.createdAt} dateStyle="medium" /> }}
              />
              {' · '}
              {passkey.lastUsedAt === null ? (
                <FormattedMessage id="uc.passkeys.neverUsed" />
              ) : (
                <FormattedMessage
                  id="uc.passkeys.lastUsed"
                  values={{ date: <FormattedDate value={passkey.lastUsedAt} dateStyle="medium" /> }}
                />
              )}
            </Text>
          </Stack>
          <HStack gap={2}>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setError(null);
                setName(passkey.name);
              }}
              aria-label={intl.formatMessage({ id: 'uc.passkeys.renameOf' }, { name: passkey.name })}
            >
              <FormattedMessage id="uc.passkeys.rename" />
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={onRemove}
              aria-label={intl.formatMessage({ id: 'uc.passkeys.removeOf' }, { name: passkey.name })}
              data-testid="passkey-remove"
            >
              <FormattedMessage id="uc.passkeys.remove" />
            </Button>
          </HStack>
        </HStack>
      )}
    </Box>
  );
}

function AddPasskey({
  guard,
  onAdded,
  errorText,
}: {
  guard: <T>(call: () => Promise<T>) => Promise<T>;
  onAdded: () => Promise<void>;
  errorText: (e: unknown) => string;
}) {
  const intl = useIntl();
  const device = deviceName();
  const [name, setName] = useState(() =>
    device
      ? intl.formatMessage({ id: 'uc.passkeys.defaultName' }, { device })
      : intl.formatMessage({ id: 'uc.passkeys.defaultNameAny' }),
  );
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (value: string) => addPasskey(value, guard),
    onSuccess: async () => {
      setError(null);
      await onAdded();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = () => {
    if (!passkeysSupported()) {
      setError(intl.formatMessage({ id: 'uc.passkeys.unsupported' }));
      return;
    }
    const parsed = passkeyName.safeParse(name);
    if (!parsed.success) setError(fieldMessage(intl, parsed.error.issues[0]?.message) ?? null);
    else add.mutate(parsed.data);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap={3} direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }}>
        <Field.Root invalid={error !== null} flex="1">
          <Field.Label>
            <FormattedMessage id="uc.passkeys.newName" />
          </Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={50} data-testid="passkey-name-input" />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="passkey-add">
          <FormattedMessage id="uc.passkeys.add" />
        </Button>
      </Stack>
    </form>
  );
}
