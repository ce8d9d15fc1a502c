import { Badge, Button, Card, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { NativeSelect } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { ASSIGNABLE_ROLES, type AssignableRole, api, can, type TeamMember } from '@portal/shared';
import { ApiError, authStore, callApi, refreshUserInfo } from '@portal/shared/browser';
import { type ListColumn, message, QueryFailure, ResponsiveTable, useLocalePath } from '@portal/shared/ui';
import { ConfirmDialog } from '@portal/shared/ui/forms';
import { needsRecentCheck, useStepUp } from '../account/two-factor/StepUp.tsx';
import { InviteForm, PendingInvitations } from './Invitations.tsx';

export const teamMembersKey = ['team-members'] as const;

/**
 * The active team's people (decision 0053): everyone sees who is in it; the owner and admins
 * invite, change roles and remove; the owner hands the team over.
 */
export function TeamCard() {
  const intl = useIntl();
  const role = useSnapshot(authStore).userInfo?.team?.role ?? null;
  const manages = can(role, 'members');
  const members = useQuery({ queryKey: teamMembersKey, queryFn: () => callApi(api.teamMembers) });
  return (
    <Card.Root data-testid="team">
      <Card.Header>
        <Stack gap={1}>
          <Card.Title as="h2">
            <FormattedMessage id="uc.team.title" />
          </Card.Title>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.team.description" />
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap={6}>
          {members.isLoading ? (
            <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.team.loading' })}>
              <Skeleton h="10" />
              <Skeleton h="10" />
            </Stack>
          ) : members.isError || !members.data ? (
            <QueryFailure onRetry={() => void members.refetch()} />
          ) : (
            <MemberTable members={members.data} manages={manages} owns={role === 'owner'} />
          )}
          {manages ? (
            <>
              <InviteForm />
              <PendingInvitations />
            </>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MemberTable({ members, manages, owns }: { members: TeamMember[]; manages: boolean; owns: boolean }) {
  const intl = useIntl();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const label = (c: string) => intl.formatMessage({ id: `uc.team.col.${c}` });
  const roleName = (r: string) => intl.formatMessage({ id: `shared.team.role.${r}` });
  const done = (id: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: teamMembersKey });
    message('success', intl.formatMessage({ id }));
  };
  // With two factors on, changing who may act in the team first asks for a code (decision 0056).
  const { guard, dialog } = useStepUp();
  // A cancelled code check says nothing more; any other refusal is said in the page's language.
  const failed = (e: unknown) => {
    if (!needsRecentCheck(e))
      message('error', e instanceof ApiError ? e.message : intl.formatMessage({ id: 'uc.team.actionFail' }));
  };
  const changeRole = useMutation({
    mutationFn: (v: { memberId: number; role: AssignableRole }) =>
      guard(() => callApi(api.teamRoleUpdate, { body: v }, { silent: true })),
    onSuccess: done('uc.team.roleChanged'),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (memberId: number) => guard(() => callApi(api.teamMemberRemove, { body: { memberId } }, { silent: true })),
    onSuccess: done('uc.team.removed'),
    onError: failed,
  });
  const transfer = useMutation({
    mutationFn: (memberId: number) => guard(() => callApi(api.teamTransfer, { body: { memberId } }, { silent: true })),
    onSuccess: () => window.location.reload(),
    onError: failed,
  });
  // The session goes back to the person's own account; a full load leaves nothing of this team cached.
  const leave = useMutation({
    mutationFn: async () => {
      await callApi(api.teamLeave, undefined, { silent: true });
      await refreshUserInfo();
    },
    onSuccess: () => window.location.assign(to('/admin/dashboard')),
    onError: failed,
  });
  const who = (m: TeamMember) => m.nickname || m.mobile || m.email || '';
  // Removing a member, handing the team over and leaving it are asked once more, with what follows.
  const [pending, setPending] = useState<{ kind: 'remove' | 'transfer' | 'leave'; member: TeamMember } | null>(null);
  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'leave') leave.mutate();
    else (pending.kind === 'remove' ? remove : transfer).mutate(pending.member.memberId);
  };
  const dialogIds = {
    remove: { title: 'uc.team.removeTitle', confirm: 'uc.team.remove', text: 'uc.team.removeConfirm' },
    transfer: { title: 'uc.team.transferTitle', confirm: 'uc.team.transfer', text: 'uc.team.transferConfirm' },
    leave: { title: 'uc.team.leaveTitle', confirm: 'uc.team.leave', text: 'uc.team.leaveConfirm' },
  }[pending?.kind ?? 'remove'];
  const columns: ListColumn<TeamMember>[] = [
    {
      key: 'member',
      label: label('member'),
      card: 'title',
      wrap: true,
      cell: (m) => (
        <HStack as="span" gap={2} flexWrap="wrap" display="inline-flex">
          <Text as="span" fontWeight="medium">
            {who(m)}
          </Text>
          {m.you ? (
            <Badge colorPalette="green" variant="subtle">
              <FormattedMessage id="uc.team.you" />
            </Badge>
          ) : null}
        </HStack>
      ),
    },
    {
      key: 'contact',
      label: label('contact'),
      wrap: true,
      cell: (m) => <Text as="span">{[m.mobile, m.email].filter(Boolean).join(' · ') || '—'}</Text>,
    },
    {
      key: 'role',
      label: label('role'),
      cell: (m) =>
        manages && m.role !== 'owner' && !m.you ? (
          <NativeSelect.Root size="sm" width="auto" disabled={changeRole.isPending}>
            <NativeSelect.Field
              value={m.role}
              aria-label={intl.formatMessage({ id: 'uc.team.roleOf' }, { name: who(m) })}
              onChange={(e) => changeRole.mutate({ memberId: m.memberId, role: e.target.value as AssignableRole })}
              data-testid="team-member-role"
            >
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Text as="span" data-testid="team-member-role-name">
            {roleName(m.role)}
          </Text>
        ),
    },
    {
      key: 'actions',
      label: label('actions'),
      card: 'action',
      wrap: true,
      cell: (m) =>
        m.you && m.role !== 'owner' ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            loading={leave.isPending}
            onClick={() => setPending({ kind: 'leave', member: m })}
            data-testid="team-leave"
          >
            <FormattedMessage id="uc.team.leave" />
          </Button>
        ) : m.role === 'owner' || m.you || !manages ? (
          <Text as="span" color="fg.muted">
            —
          </Text>
        ) : (
          <HStack gap={2} flexWrap="wrap">
            {owns ? (
              <Button
                size="xs"
                variant="outline"
                loading={transfer.isPending}
                onClick={() => setPending({ kind: 'transfer', member: m })}
              >
                <FormattedMessage id="uc.team.transfer" />
                <Text as="span" srOnly>{` ${who(m)}`}</Text>
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={remove.isPending && remove.variables === m.memberId}
              onClick={() => setPending({ kind: 'remove', member: m })}
              data-testid="team-member-remove"
            >
              <FormattedMessage id="uc.team.remove" />
              <Text as="span" srOnly>{` ${who(m)}`}</Text>
            </Button>
          </HStack>
        ),
    },
  ];
  return (
    <>
      <ResponsiveTable
        testId="team-members"
        columns={columns}
        items={members}
        rowKey={(m) => m.memberId}
        rowProps={() => ({ 'data-testid': 'team-member' })}
        ariaLabel={intl.formatMessage({ id: 'uc.team.title' })}
      />
      <ConfirmDialog
        open={pending !== null}
        title={<FormattedMessage id={dialogIds.title} values={{ name: pending ? who(pending.member) : '' }} />}
        confirmLabel={<FormattedMessage id={dialogIds.confirm} />}
        destructive={pending?.kind !== 'transfer'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        testId="team-member-confirm"
      >
        <FormattedMessage id={dialogIds.text} values={{ name: pending ? who(pending.member) : '' }} />
      </ConfirmDialog>
      {dialog}
    </>
  );
}
