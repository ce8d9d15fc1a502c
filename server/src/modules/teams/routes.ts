import { type Locale, teamApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { translateForUnverified } from '../messaging/unverified.ts';
import { getWebsite } from '../system/service.ts';
import { acceptInvitation, createInvitation, listInvitations, previewInvitation, revokeInvitation } from './invitations.ts';
import {
  leaveTeam,
  listMembers,
  removeMember,
  switchTeam,
  teamContext,
  transferOwnership,
  updateRole,
} from '../accounts/teams.ts';
import { revokeTeamTokens } from '../api-tokens/service.ts';

/** Who may act in the team changes: with two factors on, a recent check first (decision 0056). */
const STEP_UP = { recentSecondFactor: true };

/** The page that accepts an invitation, in the inviter's language (user centre: /admin/team/join; signing in or up first brings the invitee back to it). */
export const invitationUrl = (origin: string, locale: Locale, token: string) =>
  `${origin}${locale === 'en' ? '/en' : ''}/admin/team/join?token=${token}`;

/** The invitation message: to an address nobody has verified yet, so a fixed text and the link only. */
export function invitationMessage(
  to: { channel: 'sms' | 'email'; to: string },
  { locale, site, link }: { locale: Locale; site: string; link: string },
): OutgoingMessage {
  const params = { site, link };
  return {
    ...to,
    kind: 'text',
    code: null,
    locale,
    subject: translateForUnverified(locale, 'message.teamInvitation.subject', params),
    text: translateForUnverified(locale, 'message.teamInvitation', params),
  };
}

/** Teams (decisions 0053, 0054): the role checks themselves are route()'s, from the role table. */
export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  route(app, teamApi.teamContext, (request) => {
    const { id, memberId, role } = currentUser(request);
    return teamContext(app.db, memberId, id, role);
  });
  route(app, teamApi.teamSwitch, (request) => {
    const { memberId, sessionId } = currentUser(request);
    return switchTeam(app.db, sessionId, memberId, request.body.teamId);
  });
  route(app, teamApi.teamMembers, (request) => {
    const { id, memberId } = currentUser(request);
    return listMembers(app.db, id, memberId);
  });
  route(
    app,
    teamApi.teamInvite,
    async (request) => {
      const { id, memberId } = currentUser(request);
      const { mobile, email, role } = request.body;
      const to = mobile ? { channel: 'sms' as const, to: mobile } : { channel: 'email' as const, to: email ?? '' };
      const { invitation, token } = await createInvitation(app.db, app.now(), {
        teamId: id,
        invitedBy: memberId,
        channel: to.channel,
        destination: to.to,
        role,
      });
      // Links start with a configured origin (PUBLIC_BASE_URL or this substation), never the raw Host.
      const origin = await app.publicOrigins.of(request);
      const site = (await getWebsite(app.db, request.hostname)).name[request.locale];
      const link = invitationUrl(origin, request.locale, token);
      if (app.messenger.available(to.channel, 'text')) {
        await app.messenger.dispatch(invitationMessage(to, { locale: request.locale, site, link }));
      }
      return invitation;
    },
    STEP_UP,
  );
  route(app, teamApi.teamInvitations, (request) => listInvitations(app.db, app.now(), currentUser(request).id));
  route(app, teamApi.teamInvitationRevoke, async (request) => {
    await revokeInvitation(app.db, app.now(), currentUser(request).id, request.body.id);
    return true;
  });
  route(
    app,
    teamApi.teamRoleUpdate,
    async (request) => {
      await updateRole(app.db, currentUser(request).id, request.body.memberId, request.body.role);
      return true;
    },
    STEP_UP,
  );
  route(
    app,
    teamApi.teamMemberRemove,
    async (request) => {
      await removeMember(app.db, app.now(), currentUser(request).id, request.body.memberId, revokeTeamTokens);
      return true;
    },
    STEP_UP,
  );
  route(app, teamApi.teamLeave, (request) => {
    const { id, memberId, sessionId } = currentUser(request);
    return leaveTeam(app.db, app.now(), { teamId: id, memberId, sessionId }, revokeTeamTokens);
  });
  route(
    app,
    teamApi.teamTransfer,
    async (request) => {
      const { id, memberId } = currentUser(request);
      await transferOwnership(app.db, id, memberId, request.body.memberId);
      return true;
    },
    STEP_UP,
  );
  route(app, teamApi.teamInvitationGet, (request) => previewInvitation(app.db, app.now(), request.query.token));
  route(app, teamApi.teamInvitationAccept, (request) => {
    const { memberId, sessionId } = currentUser(request);
    return acceptInvitation(app.db, app.now(), { token: request.body.token, memberId, sessionId });
  });
}
