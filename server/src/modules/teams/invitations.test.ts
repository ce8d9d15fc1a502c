import { INVITATIONS_PER_DESTINATION_PER_DAY, ResultCode, TEAM_MAX_MEMBERS, TeamErrorCode } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';

/**
 * Invitations and removal (decision 0053): the owner invites by mobile or e-mail, the link goes out
 * like any message (the sandbox outbox here), the invitee accepts with the account of that login id
 * (an existing one, or one signed up for it), and a removed member's session and token end at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(() => t.close());

let n = 0;
const unique = () => `${process.pid}-${++n}`;
const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object, lang = 'en') => {
  const res = await t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    remoteAddress: `198.18.3.${n % 250}`,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
  });
  return res.json();
};
async function outbox(to: string) {
  const res = await t.app.inject({ url: `/sandbox/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json().messages as { subject: string; body: string; code: string | null }[];
}
/** The token of the newest invitation link sent to `to`. */
async function invitationToken(to: string): Promise<string> {
  const body = (await outbox(to)).find((m) => m.body.includes('/team/join?token='))?.body ?? '';
  const token = /token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  if (!token) throw new Error(`no invitation sent to ${to}`);
  return token;
}
async function ownerSession() {
  const owner = await createTestUser(t.app.db, { nickname: `Acme ${unique()}` });
  return { owner, token: await loginToken(t.app, owner.mobile as string, owner.password) };
}

describe('an invitation', () => {
  it('is accepted by an existing account with that e-mail, who then acts with the role given', async () => {
    const { owner, token } = await ownerSession();
    const email = `accountant-${unique()}@example.com`;
    const invitee = await createTestUser(t.app.db, { email });
    const invited = await call('POST', '/app-api/member/team/invite', token, { email, role: 'finance' });
    expect(invited).toMatchObject({ code: 0, data: { destination: email, channel: 'email', role: 'finance' } });
    const link = await invitationToken(email);

    const preview = await call('GET', `/app-api/member/team/invitation?token=${link}`);
    expect(preview.data).toMatchObject({ teamName: owner.nickname, role: 'finance', channel: 'email' });
    expect(preview.data.destination).not.toBe(email);

    const session = await loginToken(t.app, invitee.mobile as string, invitee.password);
    const accepted = await call('POST', '/app-api/member/team/invitation/accept', session, { token: link });
    expect(accepted).toMatchObject({ code: 0, data: { teamId: owner.id, role: 'finance' } });
    expect(accepted.data.teams.map((x: { teamId: number }) => x.teamId)).toEqual([invitee.id, owner.id]);
    // The session now acts on the team: its balance, its invoices; not its proxy credentials.
    expect((await call('GET', '/app-api/ip/member-user/get', session)).data).toMatchObject({
      id: invitee.id,
      limitBalance: owner.limitBalance,
    });
    expect((await call('GET', '/app-api/ip/invoice/list?orderNos=R1', session)).msg).not.toBe(translate('en', 'error.teamRole'));
    expect(await call('GET', '/app-api/ip/proxy-account/list', session)).toMatchObject({ code: ResultCode.NotAuthorised });
    // Used once.
    expect((await call('POST', '/app-api/member/team/invitation/accept', session, { token: link })).code).toBe(
      TeamErrorCode.InvitationInvalid,
    );
    const members = (await call('GET', '/app-api/member/team/members', token)).data;
    expect(members.map((m: { memberId: number; role: string }) => [m.memberId, m.role])).toEqual([
      [owner.id, 'owner'],
      [invitee.id, 'finance'],
    ]);
  });

  it('is accepted by a new account signed up with that mobile number', async () => {
    const { owner, token } = await ownerSession();
    const mobile = `1370${String(process.pid % 1000).padStart(3, '0')}${String(++n).padStart(4, '0')}`;
    expect((await call('POST', '/app-api/member/team/invite', token, { mobile, role: 'developer' }, 'zh-CN')).code).toBe(0);
    const link = await invitationToken(mobile);
    expect((await outbox(mobile))[0]?.subject).toContain('邀请您加入团队');

    expect((await call('POST', '/app-api/member/auth/send-sms-code', undefined, { mobile, scene: 0 })).code).toBe(0);
    const code = (await outbox(mobile)).find((m) => m.code)?.code;
    const registered = await call('POST', '/app-api/member/auth/register', undefined, {
      mobile,
      code,
      password: 'Joined-team-2026',
      agreement: true,
    });
    expect(registered.code).toBe(0);
    const accepted = await call('POST', '/app-api/member/team/invitation/accept', registered.data.token, { token: link });
    expect(accepted).toMatchObject({ code: 0, data: { teamId: owner.id, role: 'developer' } });
    expect((await call('GET', '/app-api/ip/proxy-account/list', registered.data.token)).code).toBe(0);
  });

  it('is refused to an account with another login id, and after its revocation', async () => {
    const { token } = await ownerSession();
    const email = `someone-${unique()}@example.com`;
    const invitation = (await call('POST', '/app-api/member/team/invite', token, { email, role: 'viewer' })).data;
    const link = await invitationToken(email);
    const stranger = await createTestUser(t.app.db);
    const session = await loginToken(t.app, stranger.mobile as string, stranger.password);
    expect((await call('POST', '/app-api/member/team/invitation/accept', session, { token: link })).code).toBe(
      TeamErrorCode.InvitationOtherAccount,
    );
    expect((await call('POST', '/app-api/member/team/invite', token, { email, role: 'viewer' })).code).toBe(
      TeamErrorCode.AlreadyMember,
    );
    expect((await call('POST', '/app-api/member/team/invitation/revoke', token, { id: invitation.id })).code).toBe(0);
    expect((await call('GET', `/app-api/member/team/invitation?token=${link}`)).code).toBe(TeamErrorCode.InvitationInvalid);
    expect((await call('GET', '/app-api/member/team/invitations', token)).data).toEqual([]);
  });

  it(`holds the team at ${TEAM_MAX_MEMBERS} members and invitations when 60 are sent at once`, async () => {
    const { token } = await ownerSession();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call('POST', '/app-api/member/team/invite', token, { email: `bulk-${unique()}-${i}@example.com`, role: 'viewer' }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(TEAM_MAX_MEMBERS - 1);
    expect(answers.filter((a) => a.code === TeamErrorCode.TooMany)).toHaveLength(60 - (TEAM_MAX_MEMBERS - 1));
  });

  it(`reaches one address at most ${INVITATIONS_PER_DESTINATION_PER_DAY} times a day, revoked or not, also when 50 are sent at once`, async () => {
    const { token } = await ownerSession();
    const email = `often-${unique()}@example.com`;
    for (let i = 0; i < INVITATIONS_PER_DESTINATION_PER_DAY; i++) {
      const invitation = (await call('POST', '/app-api/member/team/invite', token, { email, role: 'viewer' })).data;
      expect((await call('POST', '/app-api/member/team/invitation/revoke', token, { id: invitation.id })).code).toBe(0);
    }
    const refused = await call('POST', '/app-api/member/team/invite', token, { email, role: 'viewer' }, 'zh-CN');
    expect(refused.code).toBe(TeamErrorCode.InvitationLimit);
    expect(refused.msg).toBe(translate('zh-CN', 'team.invitationLimit', { hours: 24 }));
    expect(await outbox(email)).toHaveLength(INVITATIONS_PER_DESTINATION_PER_DAY);

    // Five teams racing to one new address, ten requests each: the address's count still holds.
    const target = `raced-${unique()}@example.com`;
    const owners = await Promise.all(Array.from({ length: 5 }, () => ownerSession()));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/app-api/member/team/invite', owners[i % 5]?.token, { email: target, role: 'viewer' }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(INVITATIONS_PER_DESTINATION_PER_DAY);
    // The rest: "invited already" in the teams that got one, the limit in the others.
    const allowed = INVITATIONS_PER_DESTINATION_PER_DAY;
    expect(answers.filter((a) => a.code === TeamErrorCode.AlreadyMember)).toHaveLength(allowed * 9);
    expect(answers.filter((a) => a.code === TeamErrorCode.InvitationLimit)).toHaveLength((5 - allowed) * 10);
    expect(await outbox(target)).toHaveLength(INVITATIONS_PER_DESTINATION_PER_DAY);
  });
});

describe('a member removed', () => {
  it('loses their session in the team and their tokens of it at once; their own account stays', async () => {
    const { owner, token } = await ownerSession();
    const email = `dev-${unique()}@example.com`;
    const dev = await createTestUser(t.app.db, { email });
    await call('POST', '/app-api/member/team/invite', token, { email, role: 'developer' });
    const session = await loginToken(t.app, dev.mobile as string, dev.password);
    const elsewhere = await loginToken(t.app, dev.mobile as string, dev.password);
    await call('POST', '/app-api/member/team/invitation/accept', session, { token: await invitationToken(email) });
    const secret = (await call('POST', '/app-api/member/api-token/create', session, { name: 'ci', scopes: ['usage:read'] })).data
      .secret;
    const usage = () => t.app.inject({ url: '/api/v1/usage', headers: bearer(secret) });
    expect((await usage()).statusCode).toBe(200);

    // Nobody but the owner may be handed the owner's place, and the owner is never removed.
    expect((await call('POST', '/app-api/member/team/remove', token, { memberId: owner.id })).code).toBe(
      TeamErrorCode.OwnerFixed,
    );
    expect((await call('POST', '/app-api/member/team/remove', session, { memberId: owner.id })).code).toBe(
      ResultCode.NotAuthorised,
    );
    expect((await call('POST', '/app-api/member/team/remove', token, { memberId: dev.id })).code).toBe(0);
    expect((await call('GET', '/app-api/ip/member-user/get', session)).code).toBe(401);
    expect((await usage()).statusCode).toBe(401);
    // Their session in their own account was never the team's.
    expect((await call('GET', '/app-api/member/team/context', elsewhere)).data).toMatchObject({ teamId: dev.id, role: 'owner' });
    expect((await call('POST', '/app-api/member/team/switch', elsewhere, { teamId: owner.id })).code).toBe(
      TeamErrorCode.NotMember,
    );
  });

  it('ownership moves to another member, and the old owner becomes an admin', async () => {
    const { owner, token } = await ownerSession();
    const email = `heir-${unique()}@example.com`;
    const heir = await createTestUser(t.app.db, { email });
    await call('POST', '/app-api/member/team/invite', token, { email, role: 'admin' });
    const session = await loginToken(t.app, heir.mobile as string, heir.password);
    await call('POST', '/app-api/member/team/invitation/accept', session, { token: await invitationToken(email) });
    expect((await call('POST', '/app-api/member/team/transfer', session, { memberId: heir.id })).code).toBe(
      ResultCode.NotAuthorised,
    );
    expect((await call('POST', '/app-api/member/team/transfer', token, { memberId: heir.id })).code).toBe(0);
    expect((await call('GET', '/app-api/member/team/context', token)).data).toMatchObject({ teamId: owner.id, role: 'admin' });
    expect((await call('GET', '/app-api/member/team/context', session)).data).toMatchObject({ teamId: owner.id, role: 'owner' });
  });
});
