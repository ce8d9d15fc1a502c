import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { authStore } from '../state/auth.ts';
import type { TeamPermission } from '../teams/roles.ts';
import { Alert } from './chakra.ts';

/**
 * Whether the member's role in the active team allows a permission (decision 0054). True while the
 * role is not known yet (signed out, or the team context still loading): the server refuses anyway,
 * and a guest must see what a buyer sees.
 */
export function useTeamCan(permission: TeamPermission): boolean {
  const permissions = useSnapshot(authStore).userInfo?.team?.permissions;
  return !permissions || permissions.includes(permission);
}

/**
 * What a role may not do, said where the action would be instead of a button that fails: the member
 * learns why and who can change it.
 */
export function RoleLimitNote({ permission, testId }: { permission: TeamPermission; testId?: string }) {
  const intl = useIntl();
  const role = useSnapshot(authStore).userInfo?.team?.role;
  if (!role) return null;
  return (
    <Alert.Root status="info" data-testid={testId ?? 'role-limit'} data-permission={permission}>
      <Alert.Indicator />
      <Alert.Description>
        <FormattedMessage
          id={`shared.team.cannot.${permission}`}
          values={{ role: intl.formatMessage({ id: `shared.team.role.${role}` }) }}
        />
      </Alert.Description>
    </Alert.Root>
  );
}

/** The children when the role allows the permission, otherwise the note saying why not. */
export function RoleGate({ permission, testId, children }: { permission: TeamPermission; testId?: string; children: ReactNode }) {
  if (useTeamCan(permission)) return <>{children}</>;
  return <RoleLimitNote permission={permission} testId={testId} />;
}
