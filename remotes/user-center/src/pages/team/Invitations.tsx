import { Button, HStack, Stack, Text } from '@portal/shared/chakra';
import { Field, Input, NativeSelect } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ASSIGNABLE_ROLES, type AssignableRole, api, type TeamInvitation } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { type ListColumn, message, QueryFailure, ResponsiveTable } from '@portal/shared/ui';
import { needsRecentCheck, useStepUp } from '../account/two-factor/StepUp.tsx';

const invitationsKey = ['team-invitations'] as const;

/** Invite by mobile number or e-mail address, with a role; the link goes out by SMS or e-mail. */
export function InviteForm() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [role, setRole] = useState<AssignableRole>('developer');
  const [error, setError] = useState<string | null>(null);
  // With two factors on, inviting first asks for a code (decision 0056).
  const { guard, dialog } = useStepUp();
  const invite = useMutation({
    mutationFn: () => {
      const value = to.trim();
      const body = value.includes('@') ? { email: value, role } : { mobile: value, role };
      return guard(() => callApi(api.teamInvite, { body }, { silent: true }));
    },
    onSuccess: async () => {
      setTo('');
      setError(null);
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
      message('success', intl.formatMessage({ id: 'uc.team.invited' }));
    },
    onError: (e) => {
      if (!needsRecentCheck(e)) setError(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'uc.team.inviteFail' }));
    },
  });
  return (
    <Stack
      as="form"
      gap={3}
      data-testid="team-invite"
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate();
      }}
    >
      <Text fontWeight="semibold">
        <FormattedMessage id="uc.team.invite" />
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ sm: 'flex-end' }}>
        <Field.Root invalid={!!error} flex="1">
          <Field.Label>
            <FormattedMessage id="uc.team.inviteTo" />
          </Field.Label>
          <Input value={to} onChange={(e) => setTo(e.target.value)} autoComplete="off" data-testid="team-invite-to" />
          {error ? <Field.ErrorText data-testid="team-invite-error">{error}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root width={{ sm: '44' }}>
          <Field.Label>
            <FormattedMessage id="uc.team.inviteRole" />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={role}
              onChange={(e) => setRole(e.target.value as AssignableRole)}
              data-testid="team-invite-role"
            >
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {intl.formatMessage({ id: `shared.team.role.${r}` })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          loading={invite.isPending}
          disabled={to.trim() === ''}
          data-testid="team-invite-send"
        >
          <FormattedMessage id="uc.team.inviteSend" />
        </Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="uc.team.inviteHint" />
      </Text>
      {dialog}
    </Stack>
  );
}

/** Invitations not accepted yet, each revocable. */
export function PendingInvitations() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: invitationsKey, queryFn: () => callApi(api.teamInvitations) });
  const revoke = useMutation({
    mutationFn: (id: number) => callApi(api.teamInvitationRevoke, { body: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
      message('success', intl.formatMessage({ id: 'uc.team.revoked' }));
    },
  });
  const label = (c: string) => intl.formatMessage({ id: `uc.team.col.${c}` });
  const columns: ListColumn<TeamInvitation>[] = [
    { key: 'to', label: label('invited'), card: 'title', wrap: true, cell: (i) => <Text as="span">{i.destination}</Text> },
    { key: 'role', label: label('role'), cell: (i) => intl.formatMessage({ id: `shared.team.role.${i.role}` }) },
    {
      key: 'expires',
      label: label('expires'),
      cell: (i) => <FormattedDate value={i.expiresAt} dateStyle="medium" timeStyle="short" />,
    },
    {
      key: 'actions',
      label: label('actions'),
      card: 'action',
      cell: (i) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => revoke.mutate(i.id)}
          data-testid="team-invitation-revoke"
        >
          <FormattedMessage id="uc.team.revoke" />
          <Text as="span" srOnly>{` ${i.destination}`}</Text>
        </Button>
      ),
    },
  ];
  return (
    <Stack gap={3} data-testid="team-invitations">
      <Text fontWeight="semibold">
        <FormattedMessage id="uc.team.pending" />
      </Text>
      {list.isLoading ? (
        <Text color="fg.muted" aria-busy="true">
          <FormattedMessage id="uc.team.loading" />
        </Text>
      ) : list.isError || !list.data ? (
        <QueryFailure onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <HStack>
          <Text color="fg.muted" data-testid="team-invitations-empty">
            <FormattedMessage id="uc.team.pendingEmpty" />
          </Text>
        </HStack>
      ) : (
        <ResponsiveTable
          testId="team-invitation-table"
          columns={columns}
          items={list.data}
          rowKey={(i) => i.id}
          ariaLabel={intl.formatMessage({ id: 'uc.team.pending' })}
        />
      )}
    </Stack>
  );
}
