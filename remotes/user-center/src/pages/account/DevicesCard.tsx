import { Badge, Box, Button, Card, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Checkbox } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api, type MemberSession } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { type ListColumn, message, QueryFailure, ResponsiveTable } from '@portal/shared/ui';
import { ConfirmDialog } from '@portal/shared/ui/forms';
import { deviceName } from './deviceName.ts';
import { signInsKey } from './SignInHistoryCard.tsx';

export const devicesKey = ['member-sessions'] as const;

/** What the confirm dialog is about: one other device, or every other device. */
type Pending = { kind: 'one'; session: MemberSession } | { kind: 'others'; count: number };

/** The member's signed-in devices (decision 0052): this one marked, sign out one or all others. */
export function DevicesCard() {
  const intl = useIntl();
  const sessions = useQuery({ queryKey: devicesKey, queryFn: () => callApi(api.memberSessionList) });
  const [pending, setPending] = useState<Pending | null>(null);
  const others = sessions.data?.list.filter((s) => !s.current).length ?? 0;
  return (
    <Card.Root data-testid="devices">
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap={3} flexWrap="wrap">
          <Stack gap={1}>
            <Card.Title as="h2">
              <FormattedMessage id="uc.devices.title" />
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.devices.description" />
            </Text>
          </Stack>
          <Button
            variant="outline"
            colorPalette="red"
            disabled={others === 0}
            onClick={() => setPending({ kind: 'others', count: others })}
            data-testid="devices-sign-out-others"
          >
            <FormattedMessage id="uc.devices.signOutOthers" />
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap={5}>
          {sessions.isLoading ? (
            <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.devices.loading' })}>
              <Skeleton h="10" />
              <Skeleton h="10" />
            </Stack>
          ) : sessions.isError || !sessions.data ? (
            <QueryFailure onRetry={() => void sessions.refetch()} />
          ) : (
            <DeviceTable sessions={sessions.data.list} onSignOut={(session) => setPending({ kind: 'one', session })} />
          )}
          {sessions.data ? <NewDeviceSetting enabled={sessions.data.newDeviceNotice} /> : null}
        </Stack>
      </Card.Body>
      <SignOutDialog pending={pending} onClose={() => setPending(null)} />
    </Card.Root>
  );
}

function DeviceTable({ sessions, onSignOut }: { sessions: MemberSession[]; onSignOut: (s: MemberSession) => void }) {
  const intl = useIntl();
  const label = (c: string) => intl.formatMessage({ id: `uc.devices.col.${c}` });
  const columns: ListColumn<MemberSession>[] = [
    {
      key: 'device',
      label: label('device'),
      card: 'title',
      wrap: true,
      cell: (s) => {
        const { browser, system } = deviceName(intl, s.device);
        return (
          <HStack as="span" gap={2} flexWrap="wrap" display="inline-flex">
            <Text as="span" fontWeight="medium">
              {browser} · {system}
            </Text>
            {s.current ? (
              <Badge colorPalette="green" variant="subtle" data-testid="device-current">
                <FormattedMessage id="uc.devices.thisDevice" />
              </Badge>
            ) : null}
          </HStack>
        );
      },
    },
    {
      key: 'ip',
      label: label('ip'),
      cell: (s) => (
        <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {s.ip || '—'}
        </Text>
      ),
    },
    {
      key: 'created',
      label: label('created'),
      cell: (s) => <FormattedDate value={s.createdAt} dateStyle="medium" timeStyle="short" />,
    },
    {
      key: 'lastSeen',
      label: label('lastSeen'),
      cell: (s) => <FormattedDate value={s.lastSeenAt} dateStyle="medium" timeStyle="short" />,
    },
    {
      key: 'actions',
      label: label('actions'),
      card: 'action',
      wrap: true,
      cell: (s) =>
        s.current ? (
          <Text as="span" fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.devices.useLogout" />
          </Text>
        ) : (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onSignOut(s)} data-testid="device-sign-out">
            <FormattedMessage id="uc.devices.signOut" />
            <Text as="span" srOnly>
              {` ${deviceName(intl, s.device).browser} · ${deviceName(intl, s.device).system}`}
            </Text>
          </Button>
        ),
    },
  ];
  return (
    <ResponsiveTable
      testId="device-table"
      columns={columns}
      items={sessions}
      rowKey={(s) => s.id}
      rowProps={() => ({ 'data-testid': 'device-row' })}
      ariaLabel={intl.formatMessage({ id: 'uc.devices.title' })}
    />
  );
}

function NewDeviceSetting({ enabled }: { enabled: boolean }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (on: boolean) => callApi(api.memberNewDeviceNoticeUpdate, { body: { enabled: on } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      message('success', intl.formatMessage({ id: 'uc.devices.noticeSaved' }));
    },
  });
  return (
    <Box>
      <Checkbox.Root
        colorPalette="brand"
        checked={enabled}
        disabled={update.isPending}
        onCheckedChange={(d) => update.mutate(d.checked === true)}
        alignItems="flex-start"
        data-testid="new-device-notice"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt={0.5} />
        <Checkbox.Label>
          <FormattedMessage id="uc.devices.notice" />
        </Checkbox.Label>
      </Checkbox.Root>
      <Text ps={7} mt={1} fontSize="sm" color="fg.muted">
        <FormattedMessage id="uc.devices.noticeHint" />
      </Text>
    </Box>
  );
}

function SignOutDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const signOut = useMutation({
    mutationFn: async (what: Pending) => {
      if (what.kind === 'one') await callApi(api.memberSessionRevoke, { body: { id: what.session.id } }, { silent: true });
      else await callApi(api.memberSessionRevokeOthers, undefined, { silent: true });
    },
    onSuccess: async (_data, what) => {
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      message('success', intl.formatMessage({ id: what.kind === 'one' ? 'uc.devices.signedOut' : 'uc.devices.signedOutOthers' }));
      close();
    },
    onError: async (e) => {
      // Already signed out elsewhere: the list is out of date either way.
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      setFailure(
        e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.devices.signOutFail' }),
      );
    },
  });
  const close = () => {
    setFailure(null);
    void queryClient.invalidateQueries({ queryKey: signInsKey });
    onClose();
  };
  const name = pending?.kind === 'one' ? deviceName(intl, pending.session.device) : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={<FormattedMessage id={pending?.kind === 'others' ? 'uc.devices.signOutOthersTitle' : 'uc.devices.signOutTitle'} />}
      confirmLabel={<FormattedMessage id={pending?.kind === 'others' ? 'uc.devices.signOutOthers' : 'uc.devices.signOut'} />}
      destructive
      busy={signOut.isPending}
      failure={failure}
      onConfirm={() => pending && signOut.mutate(pending)}
      onCancel={close}
      testId="device-sign-out-dialog"
      confirmTestId="device-sign-out-confirm"
    >
      {pending?.kind === 'others' ? (
        <FormattedMessage id="uc.devices.signOutOthersConfirm" values={{ count: pending.count }} />
      ) : (
        <FormattedMessage
          id="uc.devices.signOutConfirm"
          values={{ device: <strong>{name ? `${name.browser} · ${name.system}` : ''}</strong> }}
        />
      )}
    </ConfirmDialog>
  );
}
