import type {
  Api,
  ApiData,
  ApiEntry,
  AuditAction,
  AuditObjectType,
  AuditSummary,
  PublicApiEntry,
  publicApi,
} from '@portal/shared';
import type { z } from 'zod';
import type { ContractRequest } from '../../plugins/contract.ts';

/** The validated parts of a call a rule reads (the body of a multipart call is not validated: rules ignore it). */
export type AuditInput<E extends ApiEntry> = Pick<ContractRequest<E>, 'body' | 'query' | 'params'>;

/**
 * How one mutating call is recorded: its action, the type of object it changes, and how to find the
 * object's id and a summary. `data` is undefined while the call runs (the pending row) and the
 * answer's data once it succeeded. A summary holds ids, names, counts and amounts only: never a
 * password, token, code, real name or ID number.
 */
export interface AuditRule<E extends ApiEntry = ApiEntry> {
  action: AuditAction;
  object: AuditObjectType;
  id?: (input: AuditInput<E>, data: ApiData<E> | undefined) => number | string | null | undefined;
  summary?: (input: AuditInput<E>, data: ApiData<E> | undefined) => AuditSummary;
  /** The team whose log holds the event when it is not the session's (joining a team). */
  team?: (data: ApiData<E>) => number;
}

type Rules = { [K in keyof Api]?: AuditRule<Api[K]> };

const staticOrderCreated: AuditRule<Api['staticOrderCreateCn']> = {
  action: 'staticOrder.create',
  object: 'staticOrder',
  id: (_, d) => d?.id,
  summary: ({ body }, d) => ({
    orderNo: d?.orderNo ?? null,
    count: body.count,
    durationDays: body.durationDays,
    amountFen: d?.amountFen ?? null,
  }),
};

/**
 * Every mutating call that needs a login (POST, PUT, DELETE with `auth: true`) has a rule here:
 * `rules.test.ts` fails for one without. Reads are not changes and are not recorded; sign-ins are in
 * the sign-in history (decision 0052), not here.
 */
export const AUDIT_RULES: Rules = {
  twoFactorTotpConfirm: { action: 'twoFactor.enable', object: 'account' },
  twoFactorRecoveryCodesRenew: { action: 'twoFactor.recoveryCodesRenew', object: 'account' },
  twoFactorDisable: { action: 'twoFactor.disable', object: 'account' },
  twoFactorPasskeyRegister: {
    action: 'twoFactor.passkeyAdd',
    object: 'account',
    summary: ({ body }) => ({ name: body.name }),
  },
  twoFactorPasskeyRename: { action: 'twoFactor.passkeyRename', object: 'account', summary: ({ body }) => ({ name: body.name }) },
  twoFactorPasskeyRemove: { action: 'twoFactor.passkeyRemove', object: 'account' },
  twoFactorRequirementUpdate: {
    action: 'twoFactor.requirementUpdate',
    object: 'team',
    summary: ({ body }) => ({ required: body.required }),
  },
  teamInvite: {
    action: 'member.invite',
    object: 'invitation',
    id: (_, d) => d?.id,
    summary: ({ body }, d) => ({ destination: d?.destination ?? null, role: body.role }),
  },
  teamInvitationRevoke: { action: 'invitation.revoke', object: 'invitation', id: ({ body }) => body.id },
  teamInvitationAccept: {
    action: 'invitation.accept',
    object: 'member',
    summary: (_, d) => ({ role: d?.role ?? null }),
    team: (d) => d.teamId,
  },
  teamRoleUpdate: {
    action: 'member.roleChange',
    object: 'member',
    id: ({ body }) => body.memberId,
    summary: ({ body }) => ({ role: body.role }),
  },
  teamMemberRemove: { action: 'member.remove', object: 'member', id: ({ body }) => body.memberId },
  teamLeave: { action: 'member.leave', object: 'member' },
  teamTransfer: { action: 'team.transfer', object: 'member', id: ({ body }) => body.memberId },
  authLogout: { action: 'session.signOut', object: 'session' },
  memberSessionRevoke: { action: 'session.revoke', object: 'session', id: ({ body }) => body.id },
  memberSessionRevokeOthers: {
    action: 'session.revokeOthers',
    object: 'session',
    summary: (_, d) => ({ count: d ?? null }),
  },
  memberUserUpdate: { action: 'account.rename', object: 'account', summary: ({ body }) => ({ nickname: body.nickname }) },
  memberUserUpdatePassword: {
    action: 'password.change',
    object: 'account',
    summary: ({ body }, d) => ({
      revokeApiTokens: body.revokeApiTokens,
      sessionsRevoked: d?.sessionsRevoked ?? null,
      apiTokensRevoked: d?.apiTokensRevoked ?? null,
    }),
  },
  memberNewDeviceNoticeUpdate: {
    action: 'newDeviceNotice.update',
    object: 'account',
    summary: ({ body }) => ({ enabled: body.enabled }),
  },
  personalCertCreate: { action: 'certification.submit', object: 'certification', summary: () => ({ kind: 'personal' }) },
  enterpriseCertCreate: { action: 'certification.submit', object: 'certification', summary: () => ({ kind: 'enterprise' }) },
  identityDocumentCertCreate: {
    action: 'certification.submit',
    object: 'certification',
    summary: () => ({ kind: 'personalDocument' }),
  },
  companyRegistrationCertCreate: {
    action: 'certification.submit',
    object: 'certification',
    summary: () => ({ kind: 'companyDocument' }),
  },
  rechargeOrderCreate: {
    action: 'order.create',
    object: 'order',
    id: (_, d) => d?.id,
    summary: ({ body }, d) => ({
      orderNo: d?.orderNo ?? null,
      trafficGb: body.trafficGb ?? null,
      payAmountFen: d?.payAmountFen ?? null,
    }),
  },
  orderPay: {
    action: 'order.pay',
    object: 'order',
    id: ({ body }) => body.orderId,
    summary: ({ body }) => ({ channel: body.channel }),
  },
  rechargeOrderRefund: {
    action: 'order.refund',
    object: 'order',
    id: ({ body }) => body.orderId,
    summary: (_, d) => ({ refundNo: d?.refundNo ?? null, amountFen: d?.amountFen ?? null, removedMb: d?.removedMb ?? null }),
  },
  staticOrderCreate: staticOrderCreated as AuditRule<Api['staticOrderCreate']>,
  staticOrderCreateCn: staticOrderCreated,
  staticOrderCreateNative: staticOrderCreated as AuditRule<Api['staticOrderCreateNative']>,
  staticPay: {
    action: 'staticOrder.pay',
    object: 'staticOrder',
    id: ({ body }) => body.orderId,
    summary: ({ body }) => ({ channel: body.channel }),
  },
  renewalCreate: {
    action: 'staticOrder.renew',
    object: 'staticOrder',
    id: ({ body }) => body.orderId,
    summary: ({ body }, d) => ({ orderNo: d?.orderNo ?? null, durationDays: body.durationDays }),
  },
  renewalIps: {
    action: 'staticIp.renew',
    object: 'staticIp',
    id: (_, d) => d?.id,
    summary: ({ body }, d) => ({ orderNo: d?.orderNo ?? null, count: body.itemIds.length, durationDays: body.durationDays }),
  },
  shareExchange: {
    action: 'staticIp.exchange',
    object: 'staticIp',
    summary: ({ body }) => ({ count: body.itemIds.length, itemIds: body.itemIds.join(' ') }),
  },
  updateRemark: { action: 'staticOrder.remark', object: 'staticOrder', id: ({ query }) => query.id },
  proxyAccountCreate: {
    action: 'proxyAccount.create',
    object: 'proxyAccount',
    id: (_, d) => d?.id,
    summary: ({ body }) => ({ name: body.name }),
  },
  proxyAccountUpdate: {
    action: 'proxyAccount.update',
    object: 'proxyAccount',
    id: ({ body }) => body.id,
    summary: ({ body }, d) => ({
      name: d?.username ?? null,
      ...(body.enabled !== undefined && { enabled: body.enabled }),
      ...(body.trafficCapMb !== undefined && { trafficCapMb: body.trafficCapMb }),
      ...(body.dailyLimitMb !== undefined && { dailyLimitMb: body.dailyLimitMb }),
      ...(body.monthlyLimitMb !== undefined && { monthlyLimitMb: body.monthlyLimitMb }),
    }),
  },
  proxySpendLimitsUpdate: {
    action: 'spendLimits.update',
    object: 'account',
    summary: ({ body }) => ({ dailyLimitMb: body.dailyLimitMb, monthlyLimitMb: body.monthlyLimitMb }),
  },
  proxyAccountResetPassword: {
    action: 'proxyAccount.resetPassword',
    object: 'proxyAccount',
    id: ({ body }) => body.id,
    summary: (_, d) => ({ name: d?.username ?? null }),
  },
  proxyAccountDelete: { action: 'proxyAccount.delete', object: 'proxyAccount', id: ({ body }) => body.id },
  proxyAllowedIpAdd: {
    action: 'allowedIp.add',
    object: 'allowedIp',
    id: (_, d) => d?.id,
    summary: ({ body }, d) => ({ address: d?.network ?? body.address, proxyAccountId: body.accountId }),
  },
  proxyAllowedIpDelete: { action: 'allowedIp.delete', object: 'allowedIp', id: ({ body }) => body.id },
  proxyListLinkCreate: {
    action: 'listLink.create',
    object: 'listLink',
    id: ({ body }) => body.accountId,
    summary: ({ body }) => ({ format: body.format }),
  },
  proxyListLinkRotate: { action: 'listLink.rotate', object: 'listLink', id: ({ body }) => body.accountId },
  proxyListLinkRevoke: { action: 'listLink.revoke', object: 'listLink', id: ({ body }) => body.accountId },
  apiTokenCreate: {
    action: 'apiToken.create',
    object: 'apiToken',
    id: (_, d) => d?.token.id,
    summary: ({ body }) => ({ name: body.name, scopes: [...body.scopes].join(' ') }),
  },
  apiTokenRevoke: { action: 'apiToken.revoke', object: 'apiToken', id: ({ body }) => body.id },
  invoiceRequest: {
    action: 'invoice.request',
    object: 'invoice',
    id: (_, d) => d?.id,
    summary: ({ body }) => ({ orderKind: body.orderKind, orderId: body.orderId, type: body.type }),
  },
  alertSettingsUpdate: {
    action: 'alerts.update',
    object: 'account',
    summary: ({ body }) => ({ thresholdGb: body.thresholdGb, channels: [...body.channels].join(' ') }),
  },
  alertEmailSendCode: { action: 'alerts.emailCode', object: 'account' },
  alertEmailConfirm: { action: 'alerts.emailConfirm', object: 'account' },
};

/**
 * Mutating calls that change nothing in a team, so the log leaves them out: moving one's own session
 * to another team, a second-factor check for the next minutes (code or passkey), and a set-up that
 * turns nothing on until it is confirmed (which is recorded): the app's secret, a passkey's options.
 */
export const NOT_TEAM_CHANGES: ReadonlySet<keyof Api> = new Set([
  'teamSwitch',
  'twoFactorVerify',
  'twoFactorTotpStart',
  'twoFactorPasskeyRegisterOptions',
  'twoFactorPasskeyVerifyOptions',
  'twoFactorPasskeyVerify',
]);

/** A mutating call that needs a login: what the log must record. */
export const isAuditedEntry = (entry: ApiEntry) => entry.auth && entry.method !== 'GET';

type PublicApi = typeof publicApi;
type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

/** A rule of the public API (/api/v1/, personal API tokens): same actions, read from its own shapes. */
export interface PublicAuditRule<E extends PublicApiEntry = PublicApiEntry> {
  action: AuditAction;
  object: AuditObjectType;
  id?: (
    input: { body: Out<E['body']>; params: Out<E['params']> },
    data: Out<E['response']> | undefined,
  ) => number | string | null | undefined;
  summary?: (input: { body: Out<E['body']>; params: Out<E['params']> }, data: Out<E['response']> | undefined) => AuditSummary;
}

/**
 * Every mutating call of the public API has a rule here too (`rules.test.ts`): a sub-account
 * created by a script with an API token is a change like one made on the page. The recorder adds
 * the token's id to the summary.
 */
export const PUBLIC_AUDIT_RULES: { [K in keyof PublicApi]?: PublicAuditRule<PublicApi[K]> } = {
  createProxyAccount: {
    action: 'proxyAccount.create',
    object: 'proxyAccount',
    id: (_, d) => d?.id,
    summary: ({ body }) => ({ name: body.name }),
  },
  updateProxyAccount: {
    action: 'proxyAccount.update',
    object: 'proxyAccount',
    id: ({ params }) => params.id,
    summary: ({ body }, d) => ({
      name: d?.username ?? null,
      ...(body.enabled !== undefined && { enabled: body.enabled }),
      ...(body.trafficCapMb !== undefined && { trafficCapMb: body.trafficCapMb }),
    }),
  },
  resetProxyAccountPassword: {
    action: 'proxyAccount.resetPassword',
    object: 'proxyAccount',
    id: ({ params }) => params.id,
    summary: (_, d) => ({ name: d?.username ?? null }),
  },
  deleteProxyAccount: { action: 'proxyAccount.delete', object: 'proxyAccount', id: ({ params }) => params.id },
  addAllowedIp: {
    action: 'allowedIp.add',
    object: 'allowedIp',
    id: (_, d) => d?.id,
    summary: ({ body, params }, d) => ({ address: d?.network ?? body.address, proxyAccountId: params.id }),
  },
  deleteAllowedIp: { action: 'allowedIp.delete', object: 'allowedIp', id: ({ params }) => params.entryId },
};

/** A public API call that changes something. */
export const isAuditedPublicEntry = (entry: PublicApiEntry) => entry.method !== 'GET';
