import { describe, expect, it } from 'vitest';
import { api } from './index.ts';
import {
  CertificationType,
  certificationType,
  IdentificationStatus,
  identificationStatus,
  isAcceptablePassword,
  loginBody,
  memberUserInfo,
  memberUserUpdateBody,
  memberUserUpdatePasswordBody,
  newPassword,
  passwordChangeResult,
  registerBody,
  resetPasswordBody,
  sendSmsCodeBody,
  VerificationScene,
} from './auth.ts';
import { localizeContractMessage } from './messages.ts';

describe('auth contract', () => {
  it('uses the spec numbers for identification status and certification type', () => {
    expect(IdentificationStatus).toEqual({ Pending: 0, Auditing: 1, Pickup: 2, Success: 3, Fail: 4 });
    expect(CertificationType).toEqual({ Personal: 0, Enterprise: 1 });
    for (const n of [0, 1, 2, 3, 4]) expect(identificationStatus.parse(n)).toBe(n);
    expect(identificationStatus.safeParse(5).success).toBe(false);
    expect(certificationType.safeParse(1).success).toBe(true);
    expect(certificationType.safeParse(2).success).toBe(false);
  });

  it.each(['13800138000', '19912345678', ' 15000000000 '])('accepts the mobile %j', (mobile) => {
    expect(loginBody.parse({ mobile, password: 'x' }).mobile).toBe(mobile.trim());
  });

  it.each([
    ['+8613800138000', '13800138000'],
    ['+1 (415) 555-0123', '+14155550123'],
  ])('accepts %j in international form, stored as %j', (mobile, stored) => {
    expect(loginBody.parse({ mobile, password: 'x' }).mobile).toBe(stored);
  });

  it.each(['12800138000', '1380013800', '138001380000', '+8612800138000', '4155550123', '+44 20 7123 4567', '1380013800a', ''])(
    'refuses the mobile %j with the message key',
    (mobile) => {
      const result = loginBody.safeParse({ mobile, password: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['mobile'], message: 'validation.mobile' });
    },
  );

  it('accepts an optional captchaVerification and refuses an empty or huge password', () => {
    expect(loginBody.safeParse({ mobile: '13800138000', password: 'x', captchaVerification: 'tok' }).success).toBe(true);
    expect(loginBody.safeParse({ mobile: '13800138000', password: '' }).success).toBe(false);
    expect(loginBody.safeParse({ mobile: '13800138000', password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('describes the user info of member-user/get', () => {
    const info = {
      id: 1,
      nickname: 'Demo',
      mobile: '138****8000',
      email: null,
      limitBalance: 10240,
      identificationStatus: 3,
      certificationType: null,
      createdAt: 1_795_000_000_000,
    };
    expect(memberUserInfo.parse(info)).toEqual(info);
    expect(memberUserInfo.safeParse({ ...info, limitBalance: -1 }).success).toBe(false);
  });

  it('registers every call once in api, logged-in calls marked', () => {
    expect(api.authLogin).toMatchObject({ method: 'POST', path: '/app-api/member/auth/login', auth: false });
    expect(api.authLogout).toMatchObject({ method: 'POST', path: '/app-api/member/auth/logout', auth: true });
    expect(api.memberUserGet).toMatchObject({ method: 'GET', path: '/app-api/ip/member-user/get', auth: true });
    const keys = Object.values(api).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('registers the account calls', () => {
    expect(api.authSendSmsCode).toMatchObject({ method: 'POST', path: '/app-api/member/auth/send-sms-code', auth: false });
    expect(api.authRegister).toMatchObject({ method: 'POST', path: '/app-api/member/auth/register', auth: false });
    expect(api.authResetPassword).toMatchObject({ method: 'POST', path: '/app-api/member/auth/reset-password', auth: false });
    expect(api.memberUserUpdate).toMatchObject({ method: 'PUT', path: '/app-api/ip/member-user/update', auth: true });
    expect(api.memberUserUpdatePassword).toMatchObject({
      method: 'PUT',
      path: '/app-api/ip/member-user/update-password',
      auth: true,
    });
  });
});

describe('newPassword', () => {
  it.each(['abc12345', 'Passw0rd', `a1${'x'.repeat(30)}`, 'pass word 1', '密码abc123', 'abcdefg１'])('accepts %j', (password) => {
    expect(newPassword.safeParse(password).success).toBe(true);
  });

  it.each(['abc1234', 'abcdefgh', '12345678', `a1${'x'.repeat(31)}`, '', '密码密码密码密码1'])(
    'refuses %j with the rule message',
    (password) => {
      const result = newPassword.safeParse(password);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.newPassword');
    },
  );

  it('counts characters, not UTF-16 units', () => {
    expect(isAcceptablePassword(`a1${'😀'.repeat(30)}`)).toBe(true);
    expect(isAcceptablePassword(`a1${'😀'.repeat(31)}`)).toBe(false);
  });

  it('has its message in both languages', () => {
    expect(localizeContractMessage('validation.newPassword', 'en')).toBe(
      'Use 8–32 characters with at least one letter and one number',
    );
    expect(localizeContractMessage('validation.newPassword', 'zh-CN')).toBe('密码需为 8–32 位，且至少包含一个字母和一个数字');
  });
});

describe('code, register and reset bodies', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('take exactly one of mobile and email', () => {
    expect(sendSmsCodeBody.parse({ mobile: '13800138000', scene: 0 })).toEqual({ mobile: '13800138000', scene: 0 });
    expect(sendSmsCodeBody.parse({ email: ' Ann@Example.COM ', scene: 3 })).toEqual({ email: 'ann@example.com', scene: 3 });
    expect(issues(sendSmsCodeBody.safeParse({ scene: 0 }))).toEqual([['mobile', 'validation.mobileOrEmail']]);
    expect(issues(sendSmsCodeBody.safeParse({ mobile: '13800138000', email: 'a@b.cn', scene: 0 }))).toEqual([
      ['email', 'validation.mobileOrEmail'],
    ]);
    expect(issues(sendSmsCodeBody.safeParse({ email: 'no-at-sign', scene: 0 }))).toEqual([['email', 'validation.email']]);
  });

  it('know the spec scenes only', () => {
    expect(VerificationScene).toEqual({ Register: 0, ResetPassword: 3 });
    expect(sendSmsCodeBody.safeParse({ mobile: '13800138000', scene: 1 }).success).toBe(false);
  });

  it('need a ticked agreement, a 6-digit code and an acceptable password to register', () => {
    const ok = { mobile: '13800138000', password: 'abc12345', code: '123456', agreement: true };
    expect(registerBody.safeParse(ok).success).toBe(true);
    expect(issues(registerBody.safeParse({ ...ok, agreement: false }))).toEqual([['agreement', 'validation.agreement']]);
    expect(issues(registerBody.safeParse({ ...ok, code: '12345a' }))).toEqual([['code', 'validation.code']]);
    expect(issues(registerBody.safeParse({ ...ok, password: 'short' }))).toEqual([['password', 'validation.newPassword']]);
    expect(resetPasswordBody.safeParse({ email: 'a@b.cn', code: '000000', password: 'abc12345' }).success).toBe(true);
  });

  it('trim the nickname and bound it to 1-30 characters', () => {
    expect(memberUserUpdateBody.parse({ nickname: '  Ann  ' })).toEqual({ nickname: 'Ann' });
    expect(memberUserUpdateBody.safeParse({ nickname: '字'.repeat(30) }).success).toBe(true);
    for (const nickname of ['', '  ', '字'.repeat(31), 'a\u0007b']) {
      expect(issues(memberUserUpdateBody.safeParse({ nickname }))).toEqual([['nickname', 'validation.nickname']]);
    }
  });

  it('let login take an e-mail address instead of the mobile', () => {
    expect(loginBody.parse({ email: 'A@B.CN', password: 'x' })).toEqual({ email: 'a@b.cn', password: 'x' });
    expect(loginBody.safeParse({ password: 'x' }).success).toBe(false);
  });
});

describe('update-password', () => {
  const body = { oldPassword: 'old one', password: 'abc12345' };

  it('revokes the API tokens unless told not to: the field is optional and defaults to true', () => {
    expect(memberUserUpdatePasswordBody.parse(body).revokeApiTokens).toBe(true);
    expect(memberUserUpdatePasswordBody.parse({ ...body, revokeApiTokens: false }).revokeApiTokens).toBe(false);
    for (const revokeApiTokens of ['yes', 1, null]) {
      expect(memberUserUpdatePasswordBody.safeParse({ ...body, revokeApiTokens }).success, String(revokeApiTokens)).toBe(false);
    }
  });

  it('answers what it ended, as counts', () => {
    expect(passwordChangeResult.parse({ sessionsRevoked: 2, apiTokensRevoked: 0 })).toEqual({
      sessionsRevoked: 2,
      apiTokensRevoked: 0,
    });
    expect(passwordChangeResult.safeParse({ sessionsRevoked: -1, apiTokensRevoked: 0 }).success).toBe(false);
    expect(api.memberUserUpdatePassword.data).toBe(passwordChangeResult);
  });
});
