import { Badge, Box, Button, Card, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Checkbox } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api, can, type TwoFactorStatus } from '@portal/shared';
import { ApiError, authStore, callApi } from '@portal/shared/browser';
import { message, QueryFailure } from '@portal/shared/ui';
import { twoFactorKey } from './keys.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useStepUp } from './StepUp.tsx';
import { TotpSetup } from './TotpSetup.tsx';

type View = { kind: 'status' } | { kind: 'setup' } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor authentication (decision 0056): set up an authenticator app, see the recovery codes
 * once, get new ones, turn it off, and require it of every member of the account. Passkeys (decision
 * 0057) have their own card; either one turns two factors on.
 */
export function TwoFactorCard() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => callApi(api.twoFactorStatus) });
  const [view, setView] = useState<View>({ kind: 'status' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey });
  return (
    <Card.Root data-testid="two-factor" id="two-factor">
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap={3} flexWrap="wrap">
          <Stack gap={1}>
            <Card.Title as="h2">
              <FormattedMessage id="uc.twoFactor.title" />
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.twoFactor.description" />
            </Text>
          </Stack>
          {status.data ? (
            <Badge colorPalette={status.data.enabled ? 'green' : 'gray'} data-testid="two-factor-state">
              <FormattedMessage id={status.data.enabled ? 'uc.twoFactor.on' : 'uc.twoFactor.off'} />
            </Badge>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {status.isLoading ? (
          <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.twoFactor.loading' })}>
            <Skeleton h="10" />
          </Stack>
        ) : status.isError || !status.data ? (
          <QueryFailure onRetry={() => void status.refetch()} />
        ) : view.kind === 'setup' ? (
          <TotpSetup
            onEnabled={(codes) => {
              setView({ kind: 'codes', codes });
              void refresh();
            }}
            onCancel={() => setView({ kind: 'status' })}
          />
        ) : view.kind === 'codes' ? (
          <RecoveryCodes codes={view.codes} onDone={() => setView({ kind: 'status' })} />
        ) : (
          <StatusView
            status={status.data}
            onSetup={() => setView({ kind: 'setup' })}
            onCodes={(codes) => setView({ kind: 'codes', codes })}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function StatusView({
  status,
  onSetup,
  onCodes,
}: {
  status: TwoFactorStatus;
  onSetup: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { guard, dialog } = useStepUp();
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (e: unknown) =>
    setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.twoFactor.failed' }));
  const after = async (key: string) => {
    setFailure(null);
    await queryClient.invalidateQueries({ queryKey: twoFactorKey });
    message('success', intl.formatMessage({ id: key }));
  };
  const disable = useMutation({
    mutationFn: () => guard(() => callApi(api.twoFactorDisable, undefined, { silent: true })),
    onSuccess: () => after(status.passkeys > 0 ? 'uc.twoFactor.appRemoved' : 'uc.twoFactor.turnedOff'),
    onError: fail,
  });
  const renew = useMutation({
    mutationFn: () => guard(() => callApi(api.twoFactorRecoveryCodesRenew, undefined, { silent: true })),
    onSuccess: async (data) => {
      await after('uc.twoFactor.renewed');
      onCodes(data.recoveryCodes);
    },
    onError: fail,
  });
  const owns = can(useSnapshot(authStore).userInfo?.team?.role, 'ownership');
  const requirement = useMutation({
    mutationFn: (required: boolean) =>
      guard(() => callApi(api.twoFactorRequirementUpdate, { body: { required } }, { silent: true })),
    onSuccess: () => after('uc.twoFactor.requirementSaved'),
    onError: fail,
  });
  // Requiring two factors of every member is the owner's call (the role table's `ownership`), and
  // only someone with two factors (the app or a passkey) can turn it on.
  const requireAll =
    owns && status.enabled ? (
      <Box>
        <Checkbox.Root
          colorPalette="brand"
          checked={status.requiredByAccount}
          disabled={requirement.isPending}
          onCheckedChange={(d) => requirement.mutate(d.checked === true)}
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt={0.5} />
          <Checkbox.Label>
            <FormattedMessage id="uc.twoFactor.requireAll" />
          </Checkbox.Label>
        </Checkbox.Root>
        <Text ps={7} mt={1} fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.twoFactor.requireAllHint" />
        </Text>
      </Box>
    ) : null;
  if (!status.app) {
    return (
      <Stack gap={4} align="flex-start">
        {status.requiredByAccount && !status.enabled ? (
          <Text color="fg.error" role="alert" data-testid="two-factor-required">
            <FormattedMessage id="uc.twoFactor.requiredNotice" />
          </Text>
        ) : null}
        <Text>
          <FormattedMessage id={status.enabled ? 'uc.twoFactor.appOffWithPasskeys' : 'uc.twoFactor.offText'} />
        </Text>
        {requireAll}
        {failure ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        <Button
          colorPalette="brand"
          variant={status.enabled ? 'outline' : 'solid'}
          onClick={onSetup}
          data-testid="two-factor-setup"
        >
          <FormattedMessage id="uc.twoFactor.setUp" />
        </Button>
        {dialog}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Text>
        <FormattedMessage
          id="uc.twoFactor.onSince"
          values={{ date: <FormattedDate value={status.enabledAt ?? 0} dateStyle="medium" /> }}
        />
      </Text>
      <Text fontSize="sm" color={status.recoveryCodesLeft <= 2 ? 'fg.error' : 'fg.muted'} data-testid="recovery-left">
        <FormattedMessage id="uc.twoFactor.codesLeft" values={{ count: status.recoveryCodesLeft }} />
      </Text>
      {requireAll}
      {failure ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {failure}
        </Text>
      ) : null}
      <HStack gap={3} flexWrap="wrap">
        <Button variant="outline" loading={renew.isPending} onClick={() => renew.mutate()} data-testid="two-factor-renew">
          <FormattedMessage id="uc.twoFactor.renew" />
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          loading={disable.isPending}
          disabled={status.requiredByAccount && status.passkeys === 0}
          onClick={() => disable.mutate()}
          data-testid="two-factor-disable"
        >
          <FormattedMessage id={status.passkeys > 0 ? 'uc.twoFactor.removeApp' : 'uc.twoFactor.turnOff'} />
        </Button>
      </HStack>
      {dialog}
    </Stack>
  );
}
