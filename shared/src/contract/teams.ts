import { z } from 'zod';
import { ASSIGNABLE_ROLES, TEAM_PERMISSIONS, TEAM_ROLES } from '../teams/roles.ts';
import { emailAddress, mobileNumber } from './auth.ts';
import { defineApi } from './define.ts';
import { id } from './primitives.ts';

/**
 * Teams (issue 32, ask 1; docs/decisions/0053 and 0054): every account is a team with its owner;
 * people join it by invitation with a role, act on the team's data as far as the role allows, and
 * switch between the teams they belong to.
 */

/** Business codes of teams (area 005: `1_004_005_NNN`, beside certification's 004 and two factors' 006). */
export const TeamErrorCode = {
  /** The caller is not (or no longer) a member of that team. */
  NotMember: 1_004_005_000,
  /** The invitation link is unknown, expired, revoked or used. */
  InvitationInvalid: 1_004_005_001,
  /** The signed-in account's mobile or e-mail is not the one invited. */
  InvitationOtherAccount: 1_004_005_002,
  /** The person is a member of the team already (or invited already). */
  AlreadyMember: 1_004_005_003,
  /** The owner's role cannot be changed, nor the owner removed (ownership is transferred first). */
  OwnerFixed: 1_004_005_004,
  /** Too many members and pending invitations. */
  TooMany: 1_004_005_005,
  /** The team sent TEAM_INVITATIONS_PER_DAY invitations, or that login id got INVITATIONS_PER_DESTINATION_PER_DAY, within 24 hours. */
  InvitationLimit: 1_004_005_006,
} as const;

/**
 * Invitations a team may send within 24 hours: each is an SMS or e-mail the portal sends to an
 * address the inviter types, so it is bounded like the other messages. As many as a team can hold,
 * so filling a new team takes one day; revoking does not give one back.
 */
export const TEAM_INVITATIONS_PER_DAY = 50;
/** Invitations one mobile number or e-mail address may receive within 24 hours, from all teams together. */
export const INVITATIONS_PER_DESTINATION_PER_DAY = 3;

/** Members plus pending invitations a team may hold. */
export const TEAM_MAX_MEMBERS = 50;
/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const teamRole = z.enum(TEAM_ROLES);
export const assignableRole = z.enum(ASSIGNABLE_ROLES);
/** The secret of an invitation link: 32 random bytes, base64url (only its SHA-256 is stored). */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invitationToken');

export const teamSummary = z.object({
  teamId: z.number().int(),
  /** The team's name: its owner's nickname. */
  name: z.string(),
  role: teamRole,
});
export type TeamSummary = z.output<typeof teamSummary>;

export const teamContext = z.object({
  /** The team this session acts on. */
  teamId: z.number().int(),
  role: teamRole,
  permissions: z.array(z.enum(TEAM_PERMISSIONS)),
  /** Every team the person belongs to, their own first. */
  teams: z.array(teamSummary),
});
export type TeamContext = z.output<typeof teamContext>;

export const teamMember = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  /** Masked, like the account page shows one's own. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  role: teamRole,
  /** Epoch ms. */
  joinedAt: z.number().int(),
  /** This is the caller. */
  you: z.boolean(),
});
export type TeamMember = z.output<typeof teamMember>;

export const teamInvitation = z.object({
  id: z.number().int(),
  /** The mobile number or e-mail address invited, as typed. */
  destination: z.string(),
  channel: z.enum(['sms', 'email']),
  role: assignableRole,
  /** Epoch ms. */
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type TeamInvitation = z.output<typeof teamInvitation>;

/** Exactly one of mobile / email, and the role given. */
export const inviteBody = z
  .object({ mobile: mobileNumber.optional(), email: emailAddress.optional(), role: assignableRole })
  .superRefine((value, ctx) => {
    if ((value.mobile === undefined) === (value.email === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.mobile === undefined ? 'mobile' : 'email'],
        message: 'validation.mobileOrEmail',
      });
    }
  });
export type InviteBody = z.input<typeof inviteBody>;

/** What the invitation page shows before the invitee signs in. */
export const invitationPreview = z.object({
  teamName: z.string(),
  role: assignableRole,
  /** The invited mobile or e-mail, masked: the invitee signs in (or up) with it. */
  destination: z.string(),
  channel: z.enum(['sms', 'email']),
  expiresAt: z.number().int(),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

const memberIdBody = z.object({ memberId: id });

export const teamApi = {
  teamContext: defineApi({
    method: 'GET',
    path: '/app-api/member/team/context',
    summary: "The session's active team, the caller's role and permissions in it, and every team the caller belongs to",
    tags: ['teams'],
    auth: true,
    data: teamContext,
  }),
  teamSwitch: defineApi({
    method: 'POST',
    path: '/app-api/member/team/switch',
    summary: 'Makes another team of the caller the active one of this session; answers the new context',
    tags: ['teams'],
    auth: true,
    body: z.object({ teamId: id }),
    data: teamContext,
  }),
  teamMembers: defineApi({
    method: 'GET',
    path: '/app-api/member/team/members',
    summary: 'The members of the active team with their roles, the owner first',
    tags: ['teams'],
    auth: true,
    data: z.array(teamMember),
  }),
  teamInvite: defineApi({
    method: 'POST',
    path: '/app-api/member/team/invite',
    summary:
      'Invites a mobile number or e-mail address into the active team with a role (not owner); the link is sent to it and lasts 7 days',
    tags: ['teams'],
    auth: true,
    body: inviteBody,
    data: teamInvitation,
  }),
  teamInvitations: defineApi({
    method: 'GET',
    path: '/app-api/member/team/invitations',
    summary: "The active team's pending invitations (not accepted, revoked or expired), newest first",
    tags: ['teams'],
    auth: true,
    data: z.array(teamInvitation),
  }),
  teamInvitationRevoke: defineApi({
    method: 'POST',
    path: '/app-api/member/team/invitation/revoke',
    summary: 'Revokes a pending invitation of the active team: its link stops working',
    tags: ['teams'],
    auth: true,
    body: z.object({ id }),
    data: z.boolean(),
  }),
  teamRoleUpdate: defineApi({
    method: 'POST',
    path: '/app-api/member/team/role',
    summary:
      "Changes a member's role (not the owner's, not to owner); their sessions and API tokens in the team act with it at once",
    tags: ['teams'],
    auth: true,
    body: z.object({ memberId: id, role: assignableRole }),
    data: z.boolean(),
  }),
  teamMemberRemove: defineApi({
    method: 'POST',
    path: '/app-api/member/team/remove',
    summary: 'Removes a member (not the owner): their sessions in the team and their API tokens of the team are refused at once',
    tags: ['teams'],
    auth: true,
    body: memberIdBody,
    data: z.boolean(),
  }),
  teamLeave: defineApi({
    method: 'POST',
    path: '/app-api/member/team/leave',
    summary: "Leaves the active team (an owner cannot); the session goes back to the caller's own team",
    tags: ['teams'],
    auth: true,
    data: teamContext,
  }),
  teamTransfer: defineApi({
    method: 'POST',
    path: '/app-api/member/team/transfer',
    summary: 'Hands the active team to another member, who becomes owner; the caller becomes admin',
    tags: ['teams'],
    auth: true,
    body: memberIdBody,
    data: z.boolean(),
  }),
  teamInvitationGet: defineApi({
    method: 'GET',
    path: '/app-api/member/team/invitation',
    summary: 'What an invitation link offers (team, role, the masked mobile or e-mail invited), before signing in',
    tags: ['teams'],
    auth: false,
    query: z.object({ token: invitationToken }),
    data: invitationPreview,
  }),
  teamInvitationAccept: defineApi({
    method: 'POST',
    path: '/app-api/member/team/invitation/accept',
    summary:
      'Joins the team of an invitation link with the signed-in account (its mobile or e-mail must be the one invited); the session switches to it',
    tags: ['teams'],
    auth: true,
    body: z.object({ token: invitationToken }),
    data: teamContext,
  }),
};
