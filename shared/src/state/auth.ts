import { proxy, subscribe } from 'valtio';
import type { TeamSummary } from '../contract/teams.ts';
import type { TeamPermission, TeamRole } from '../teams/roles.ts';

/** The team a session acts on (member/team/context), as the store keeps it (read-only snapshots fit). */
export interface ActiveTeam {
  readonly teamId: number;
  readonly role: TeamRole;
  readonly permissions: readonly TeamPermission[];
  readonly teams: readonly Readonly<TeamSummary>[];
}

/** Identification status numbers of SPEC section 4; only Success counts as certified. */
export const IDENTIFICATION_SUCCESS = 3;

export interface AuthUserInfo {
  limitBalance?: number | null;
  identificationStatus?: number | null;
  /** The active team, the member's role and permissions in it, their teams (decision 0053). */
  team?: ActiveTeam | null;
  [key: string]: unknown;
}

export interface AuthState {
  token: string;
  userInfo: AuthUserInfo | null;
}

const STORAGE_KEY = 'portal.auth';

/** The one auth store (SPEC section 3 "User state (persisted)"), shared by the shell and every remote. */
export const authStore = proxy<AuthState>({ token: '', userInfo: null });

export const isLoggedIn = (s: Pick<AuthState, 'token'> = authStore) => s.token !== '';
/** The member's traffic balance in MB (the wire's `limitBalance`); 0 without a member. */
export const balanceMb = (s: Pick<AuthState, 'userInfo'> = authStore) => s.userInfo?.limitBalance ?? 0;
export const isCertified = (s: Pick<AuthState, 'userInfo'> = authStore) =>
  s.userInfo?.identificationStatus === IDENTIFICATION_SUCCESS;

/** What the member may do in the active team; null while unknown (the server decides anyway). */
export const teamPermissions = (s: Pick<AuthState, 'userInfo'> = authStore): readonly TeamPermission[] | null =>
  s.userInfo?.team?.permissions ?? null;

export function setSession(token: string, userInfo: AuthUserInfo | null = null) {
  authStore.token = token;
  authStore.userInfo = userInfo;
}

/**
 * The store's own actions for fresher facts about the member: pages report what their calls
 * answered (an order's status once paid, the dashboard's figures, a profile edit, a certification)
 * and the store decides how it changes, so no page or query function writes into it.
 */
export function replaceUserInfo(userInfo: AuthUserInfo | null | undefined) {
  if (userInfo && authStore.token !== '') authStore.userInfo = userInfo;
}

export function updateUserInfo(patch: Partial<AuthUserInfo>) {
  if (authStore.userInfo) authStore.userInfo = { ...authStore.userInfo, ...patch };
}

/** The balance as a fresher answer reported it; a change only when it differs, so subscribers stay quiet. */
export function recordBalance(limitBalance: number) {
  if (authStore.userInfo && authStore.userInfo.limitBalance !== limitBalance) authStore.userInfo.limitBalance = limitBalance;
}

/** Logout clears userInfo and token (SPEC section 4); other tabs follow through the storage event. */
export function clearSession() {
  authStore.token = '';
  authStore.userInfo = null;
}

function readStored(storage: Storage): AuthState {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<AuthState> | null;
    return { token: typeof raw?.token === 'string' ? raw.token : '', userInfo: raw?.userInfo ?? null };
  } catch {
    return { token: '', userInfo: null };
  }
}

/**
 * Restores the store from localStorage, writes every change back, and mirrors changes made in other
 * tabs (a logout in one tab logs out all of them). Returns a function that stops all of it.
 */
export function persistAuth(storage: Storage = window.localStorage, target: Window = window): () => void {
  Object.assign(authStore, readStored(storage));
  const unsubscribe = subscribe(authStore, () => {
    storage.setItem(STORAGE_KEY, JSON.stringify({ token: authStore.token, userInfo: authStore.userInfo }));
  });
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const next = readStored(storage);
    if (next.token !== authStore.token) Object.assign(authStore, next);
    else if (JSON.stringify(next.userInfo) !== JSON.stringify(authStore.userInfo)) authStore.userInfo = next.userInfo;
  };
  target.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    target.removeEventListener('storage', onStorage);
  };
}
