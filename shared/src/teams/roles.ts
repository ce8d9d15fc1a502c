/**
 * The role table of teams (docs/decisions/0054-role-table.md). An account is a team; each person in
 * it has one role. The server enforces ROUTE_RULES on every call (plugins/contract.ts) and
 * PUBLIC_API_RULES on /api/v1/; the user centre hides with the same table what a role cannot do.
 */
export const TEAM_ROLES = ['owner', 'admin', 'finance', 'developer', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What a role may do. Reading the team's account (balance, orders, usage, settings) is `read`. */
export const TEAM_PERMISSIONS = [
  /** The team's balance, orders, usage, invoices list, certification status, settings: everyone. */
  'read',
  /** Proxy passwords, static IP credentials, list links: the secrets that open the proxies. */
  'credentials',
  /** Place and pay orders (traffic, static IPs, renewals). */
  'buy',
  /** Request invoices. */
  'invoices',
  /** Submit real-name or enterprise certification. */
  'certification',
  /** Sub-accounts, their passwords and caps, allow-lists, list links, spend limits, IP exchange and remarks. */
  'proxy',
  /** The team's API tokens for /api/v1/. */
  'apiTokens',
  /** Balance and expiry alert settings. */
  'alerts',
  /** Invite, change roles, remove members, revoke invitations. */
  'members',
  /** Read the team's audit log and download it (decision 0055). */
  'audit',
  /** Hand the team to another member; require two factors of every member (decision 0056). */
  'ownership',
] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

const ALL = TEAM_PERMISSIONS;

export const ROLE_PERMISSIONS: Record<TeamRole, readonly TeamPermission[]> = {
  owner: ALL,
  admin: ALL.filter((p) => p !== 'ownership'),
  finance: ['read', 'buy', 'invoices', 'certification', 'alerts'],
  developer: ['read', 'credentials', 'proxy', 'apiTokens'],
  viewer: ['read'],
};

export function can(role: TeamRole | null | undefined, permission: TeamPermission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/** The permissions both roles allow: an API token acts with at most its creator's current role. */
export const cappedCan = (tokenRole: TeamRole, creatorRole: TeamRole | null, permission: TeamPermission) =>
  can(tokenRole, permission) && can(creatorRole, permission);

/** Roles an inviter or role-changer may hand out: never owner (ownership is transferred, not granted). */
export const ASSIGNABLE_ROLES = ['admin', 'finance', 'developer', 'viewer'] as const satisfies readonly TeamRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * The user centre's pages a role needs a permission for (the rest need `read`, which every role
 * has). The navigation hides them; opening one anyway shows the 403 page, as its data call is refused.
 */
export const PAGE_PERMISSIONS: Readonly<Record<string, TeamPermission>> = {
  '/admin/dynamic/buy': 'buy',
  '/admin/static/buy': 'buy',
  '/admin/account-password-auth': 'credentials',
  '/admin/static/management': 'credentials',
  '/admin/api-tokens': 'apiTokens',
  '/admin/audit-log': 'audit',
};

/** Whether permissions (null: not known yet, shown as before teams) open a page of the user centre. */
export function canSeePage(permissions: readonly TeamPermission[] | null | undefined, path: string): boolean {
  const needed = PAGE_PERMISSIONS[path];
  return !needed || !permissions || permissions.includes(needed);
}
