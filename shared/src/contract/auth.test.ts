import { describe, expect, it } from 'vitest';
import { api } from './index.ts';
import {
  CertificationType,
  certificationType,
  IdentificationStatus,
  identificationStatus,
  loginBody,
  memberUserInfo,
} from './auth.ts';

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

  it.each(['12800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a', ''])(
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
});
