import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CertificationErrorCode,
  CertificationType,
  ENTERPRISE_LICENCE_PATH,
  IdentificationStatus,
  LICENCE_MAX_BYTES,
  ResultCode,
} from '@portal/shared';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsContext, runOps } from '../../cli/ops.ts';
import { createTestApp, TEST_DATA_KEY, type TestApp, withoutSandboxEnv } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { encryptBytes, idCardHash } from './crypto.ts';
import { importLegacyLicences, readLicence } from './licence.ts';
import { backfillIdCardHashes } from './service.ts';
import { certificationReviews, enterpriseCertifications, licenceFiles, personalCertifications } from './tables.ts';

const TEST_KEY = Buffer.from(TEST_DATA_KEY, 'base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF body')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const ID = '11010519491231002X';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid ID card number of its own for each n (born 1990-01-01, sequence n), check character included. */
function idNumber(n: number): string {
  const first17 = `11010119900101${String(n).padStart(3, '0')}`;
  const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * (ID_WEIGHTS[i] ?? 0), 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}
const USCC = '91330100716105852F';

const FIELDS = {
  companyName: ' Hangzhou Example Technology Co., Ltd. ',
  contactPhone: '13800138000',
  unifiedSocialCreditCode: USCC.toLowerCase(),
  bankName: '中国工商银行杭州西湖支行',
  bankAccount: '6222 0212 3456 7890 123',
  registrationAddress: '浙江省杭州市西湖区文三路 1 号',
  registrationPhone: '0571-12345678',
};

type File = { name: string; type: string; data: Buffer };
const licence = (data: Buffer = PNG, name = 'licence.png', type = 'image/png'): File => ({ name, type, data });

function multipart(fields: Record<string, string>, file: File | null = licence()) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="businessLicence"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const submitEnterprise = (token: string, fields: Record<string, string> = FIELDS, file: File | null = licence(), lang = 'en') => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/app-api/ip/member-user-enterprise-info/create',
    payload,
    headers: { ...headers, ...bearer(token), 'accept-language': lang },
  });
};
const submitPersonal = (token: string, payload: object, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/ip/member-user-personal-info/create',
    payload,
    headers: { ...bearer(token), 'accept-language': lang },
  });
const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const personal = async (token: string) => (await get('/app-api/ip/member-user-personal-info/get', token)).json();
const enterprise = async (token: string) => (await get('/app-api/ip/member-user-enterprise-info/get', token)).json();
const me = async (token: string) => (await get('/app-api/ip/member-user/get', token)).json().data;

async function member() {
  const user = await createTestUser(t.app.db);
  return { user, token: await loginToken(t.app, user.mobile as string, user.password) };
}

let out: string[];
let err: string[];
const ops = (...argv: string[]) => {
  out = [];
  err = [];
  const ctx: OpsContext = {
    db: async () => t.app.db,
    config: t.config,
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  };
  return runOps(argv, ctx);
};
const latestEnterpriseId = async (userId: number) => {
  const rows = await t.app.db.select().from(enterpriseCertifications).where(eq(enterpriseCertifications.userId, userId));
  return (rows.at(-1) as { id: number }).id;
};
const LOCKED = { code: CertificationErrorCode.Locked, data: null };

describe('personal certification', () => {
  it('passes at once, masks the ID number and encrypts it at rest', async () => {
    const { user, token } = await member();
    expect(await personal(token)).toEqual({ code: 0, data: null, msg: '' });
    const res = await submitPersonal(token, { realName: ' 张三 ', idCard: '11010519491231002x' });
    expect(res.json()).toEqual({ code: 0, data: true, msg: '' });
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Success,
      certificationType: CertificationType.Personal,
    });
    const data = (await personal(token)).data;
    expect(data).toEqual({ realName: '张三', idCard: '110105********002X', status: 3, createdAt: expect.any(Number) });

    const [row] = await t.app.db.select().from(personalCertifications).where(eq(personalCertifications.userId, user.id));
    expect(JSON.stringify(row)).not.toContain('11010519491231002');
    expect(row?.idCardEnc).toMatch(/^v1\./);
  });

  it('is locked after success (both kinds), in the caller language', async () => {
    const { token } = await member();
    await submitPersonal(token, { realName: '李四', idCard: ID });
    expect((await submitPersonal(token, { realName: '李四', idCard: ID })).json()).toEqual({
      ...LOCKED,
      msg: 'Your certification is under review or already approved and cannot be changed',
    });
    expect((await submitPersonal(token, { realName: '李四', idCard: ID }, 'zh-CN')).json().msg).toBe(
      '认证审核中或已通过，无法修改',
    );
    expect((await submitEnterprise(token)).json()).toMatchObject(LOCKED);
  });

  it.each([
    ['en', 'The ID card format is incorrect'],
    ['zh-CN', '身份证号码格式不正确'],
  ])('refuses a bad ID number with a 400 field error (%s)', async (lang, message) => {
    const { token } = await member();
    for (const idCard of ['110105194912310021', '11010519491231002', 'abc', '110105300012310013']) {
      const res = await submitPersonal(token, { realName: '王五', idCard }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ idCard: message });
    }
    const noName = await submitPersonal(token, { realName: ' 王 ', idCard: ID }, lang);
    expect(Object.keys(noName.json().fieldErrors)).toEqual(['realName']);
    expect(await me(token)).toMatchObject({ identificationStatus: 0, certificationType: null });
  });

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-personal-info/create',
      payload: { realName: '张三', idCard: ID },
    });
    expect(res.json().code).toBe(ResultCode.Unauthorized);
    expect((await t.app.inject('/app-api/ip/member-user-personal-info/get')).json().code).toBe(ResultCode.Unauthorized);
    expect((await t.app.inject(ENTERPRISE_LICENCE_PATH)).json().code).toBe(ResultCode.Unauthorized);
  });
});

describe('one ID card number, several accounts', () => {
  const KEY = Buffer.from(TEST_DATA_KEY, 'base64');
  const LIMIT_EN = {
    code: CertificationErrorCode.IdCardLimit,
    data: null,
    msg: 'This ID card number cannot be used to certify another account. If you think this is a mistake, please contact customer service',
  };
  const rowsOf = (idCard: string) =>
    t.app.db
      .select()
      .from(personalCertifications)
      .where(eq(personalCertifications.idCardHash, idCardHash(KEY, idCard)));

  it('certifies at most 3 accounts; the 4th is refused in its language and learns nothing of the others', async () => {
    expect(t.config.certMaxAccountsPerIdCard).toBe(3);
    const id = idNumber(1);
    for (let i = 0; i < 3; i++) {
      const { token } = await member();
      expect((await submitPersonal(token, { realName: '张三', idCard: id })).json(), `account ${i}`).toEqual({
        code: 0,
        data: true,
        msg: '',
      });
    }
    const fourth = await member();
    // Lower-case x or not, the same number.
    expect((await submitPersonal(fourth.token, { realName: '张三', idCard: id.toLowerCase() })).json()).toEqual(LIMIT_EN);
    expect((await submitPersonal(fourth.token, { realName: '张三', idCard: id }, 'zh-CN')).json()).toEqual({
      ...LIMIT_EN,
      msg: '该身份证号码无法再用于认证其他账号，如有疑问请联系客服',
    });
    expect(await me(fourth.token)).toMatchObject({ identificationStatus: IdentificationStatus.Pending, certificationType: null });
    expect(await personal(fourth.token)).toEqual({ code: 0, data: null, msg: '' });
    expect(await rowsOf(id)).toHaveLength(3);
    // Another number still works for that account.
    expect((await submitPersonal(fourth.token, { realName: '李四', idCard: idNumber(2) })).json().code).toBe(0);
  });

  it.each([10, 20])('holds under %i parallel submissions of one number by different accounts', async (n) => {
    const id = idNumber(10 + n);
    const members = await Promise.all(Array.from({ length: n }, () => member()));
    const answers = await Promise.all(
      members.map(({ token }) => submitPersonal(token, { realName: '王五', idCard: id }).then((r) => r.json().code)),
    );
    expect(answers.filter((c) => c === 0)).toHaveLength(3);
    expect(answers.filter((c) => c === CertificationErrorCode.IdCardLimit)).toHaveLength(n - 3);
    expect(new Set((await rowsOf(id)).map((r) => r.userId)).size).toBe(3);
  });

  it('is configurable (CERT_MAX_ACCOUNTS_PER_ID_CARD)', async () => {
    const strict = await createTestApp({ database: t.database, env: { CERT_MAX_ACCOUNTS_PER_ID_CARD: '1' } });
    try {
      const id = idNumber(3);
      const submit = async () => {
        const user = await createTestUser(t.app.db);
        const token = await loginToken(strict.app, user.mobile as string, user.password);
        const res = await strict.app.inject({
          method: 'POST',
          url: '/app-api/ip/member-user-personal-info/create',
          payload: { realName: '赵六', idCard: id },
          headers: { ...bearer(token), 'accept-language': 'en' },
        });
        return res.json().code;
      };
      expect(await submit()).toBe(0);
      expect(await submit()).toBe(CertificationErrorCode.IdCardLimit);
    } finally {
      await strict.close();
    }
  });

  it("ops: cert id-hash gives the number's hash, cert list --id-hash its accounts", async () => {
    const id = idNumber(4);
    const a = await member();
    const b = await member();
    await submitPersonal(a.token, { realName: '周七', idCard: id });
    await submitPersonal(b.token, { realName: '周七', idCard: id });
    expect(await ops('cert', 'id-hash', id.toLowerCase())).toBe(0);
    const hash = out[0] ?? '';
    expect(hash).toBe(idCardHash(KEY, id));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await ops('cert', 'list', '--id-hash', hash)).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(
      new RegExp(`^\\d+\tuser ${a.user.id} ${a.user.mobile}\t周七\t110101\\*{8}${id.slice(-4)}\t.+\tsuccess$`),
    );
    expect(out[1]).toContain(`user ${b.user.id} `);
    expect(out.join('\n')).not.toContain(id);
    expect(await ops('cert', 'list', '--id-hash', 'f'.repeat(64))).toBe(0);
    expect(out).toEqual(['(no personal certifications with this ID card number)']);
    expect(await ops('cert', 'list', '--id-hash', 'nope')).toBe(2);
    expect(await ops('cert', 'list', '--id-hash', hash, '--status', 'all')).toBe(2);
    expect(await ops('cert', 'id-hash', '110105194912310021')).toBe(2);
  });

  it('fills in the hash of rows stored before the column existed', async () => {
    const id = idNumber(5);
    const { user, token } = await member();
    await submitPersonal(token, { realName: '吴八', idCard: id });
    await t.app.db.update(personalCertifications).set({ idCardHash: null }).where(eq(personalCertifications.userId, user.id));
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await backfillIdCardHashes(t.app.db, KEY)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await t.app.db.$count(personalCertifications, isNull(personalCertifications.idCardHash))).toBe(0);
  });
});

describe('personal certification with a real verification service (IDV_URL)', () => {
  it('sends name and ID with the app code; a mismatch or an outage is refused and nothing changes', async () => {
    const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
    let answer = { ok: true, status: 200, body: '{"match":false}' };
    const idv = await createTestApp({
      database: t.database,
      env: { ...withoutSandboxEnv(), IDV_URL: 'https://idv.example.com/verify', IDV_APP_CODE: 'code-1' },
      fetch: async (url, init) => {
        calls.push({ url, headers: init.headers, body: init.body });
        return { ok: answer.ok, status: answer.status, text: async () => answer.body };
      },
    });
    try {
      const user = await createTestUser(t.app.db);
      const token = await loginToken(idv.app, user.mobile as string, user.password);
      const submit = (lang: string) =>
        idv.app.inject({
          method: 'POST',
          url: '/app-api/ip/member-user-personal-info/create',
          payload: { realName: '赵六', idCard: idNumber(900) },
          headers: { ...bearer(token), 'accept-language': lang },
        });
      expect((await submit('en')).json()).toEqual({
        code: CertificationErrorCode.NameMismatch,
        data: null,
        msg: 'The name does not match the ID card',
      });
      expect((await submit('zh-CN')).json().msg).toBe('姓名与身份证号不一致');
      expect(calls[0]).toEqual({
        url: 'https://idv.example.com/verify',
        headers: expect.objectContaining({ authorization: 'APPCODE code-1' }),
        body: JSON.stringify({ name: '赵六', idCard: idNumber(900) }),
      });
      answer = { ok: false, status: 503, body: 'down' };
      expect((await submit('en')).json().code).toBe(CertificationErrorCode.VerifierUnavailable);
      expect(await personal(token)).toMatchObject({ data: null });
      answer = { ok: true, status: 200, body: '{"match":true}' };
      expect((await submit('en')).json().data).toBe(true);
    } finally {
      await idv.close();
    }
  });
});

describe('enterprise certification', () => {
  it('goes to review, masks the bank account, encrypts at rest and serves the licence to its owner only', async () => {
    const { user, token } = await member();
    const other = await member();
    expect(await enterprise(token)).toEqual({ code: 0, data: null, msg: '' });
    expect((await submitEnterprise(token)).json()).toEqual({ code: 0, data: true, msg: '' });
    expect(await me(token)).toMatchObject({ identificationStatus: 1, certificationType: 1 });
    expect((await enterprise(token)).data).toEqual({
      companyName: 'Hangzhou Example Technology Co., Ltd.',
      contactPhone: '13800138000',
      unifiedSocialCreditCode: USCC,
      bankName: '中国工商银行杭州西湖支行',
      bankAccount: '***************0123',
      registrationAddress: '浙江省杭州市西湖区文三路 1 号',
      registrationPhone: '0571-12345678',
      hasLicence: true,
      status: 1,
      failureReason: null,
      submittedAt: expect.any(Number),
      reviewedAt: null,
    });

    const [row] = await t.app.db.select().from(enterpriseCertifications).where(eq(enterpriseCertifications.userId, user.id));
    const raw = JSON.stringify(row);
    expect(raw).not.toContain('6222021234567890123');
    expect(raw).not.toContain(USCC);
    // Sealed in the database, where every instance can read it; nothing on this instance's disk.
    const [licence] = await t.app.db
      .select()
      .from(licenceFiles)
      .where(eq(licenceFiles.id, row?.licenceFile as string));
    const stored = licence?.sealed as Buffer;
    expect(stored.length).toBeGreaterThan(PNG.length);
    expect(existsSync(join(t.config.dataDir, 'private', 'licences'))).toBe(false);
    expect(stored.includes(PNG.subarray(0, 8))).toBe(false);
    expect(stored.includes(Buffer.from('IHDR fake image body'))).toBe(false);

    const file = await get(ENTERPRISE_LICENCE_PATH, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // Another user's token sees only their own (empty) records and no licence.
    expect(await enterprise(other.token)).toEqual({ code: 0, data: null, msg: '' });
    expect(await personal(other.token)).toEqual({ code: 0, data: null, msg: '' });
    const stranger = await get(ENTERPRISE_LICENCE_PATH, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.rawPayload.includes(PNG.subarray(0, 8))).toBe(false);
  });

  it('is locked while in review, approved by ops, then locked for good', async () => {
    const { user, token } = await member();
    await submitEnterprise(token);
    expect((await submitEnterprise(token)).json()).toMatchObject(LOCKED);
    expect((await submitPersonal(token, { realName: '张三', idCard: ID })).json()).toMatchObject(LOCKED);
    const id = await latestEnterpriseId(user.id);

    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`^${id}\\tuser ${user.id} ${user.mobile}\\tHangzhou Example.*\\tauditing$`, 'm'));
    expect(await ops('cert', 'approve', String(id))).toBe(0);
    expect(out).toEqual([`approved: ${id} Hangzhou Example Technology Co., Ltd. (user ${user.id})`]);
    expect(await me(token)).toMatchObject({ identificationStatus: 3, certificationType: 1 });
    expect((await enterprise(token)).data).toMatchObject({ status: 3, reviewedAt: expect.any(Number), failureReason: null });
    expect((await submitEnterprise(token)).json()).toMatchObject(LOCKED);

    expect(await ops('cert', 'approve', String(id))).toBe(1);
    expect(err.join('\n')).toMatch(/not waiting for review \(status success\)/);
    expect(await ops('cert', 'reject', String(id), '--reason', 'late')).toBe(1);
    const reviews = await t.app.db.select().from(certificationReviews).where(eq(certificationReviews.certificationId, id));
    expect(reviews).toEqual([
      { id: expect.any(Number), certificationId: id, decision: 'approve', reason: null, decidedAt: expect.any(Date) },
    ]);
  });

  it('after a rejection shows the reason and accepts a resubmission of either kind', async () => {
    const { user, token } = await member();
    await submitEnterprise(token);
    const first = await latestEnterpriseId(user.id);
    expect(await ops('cert', 'reject', String(first))).toBe(2);
    expect(err.join('\n')).toMatch(/missing --reason/);
    expect(await ops('cert', 'reject', String(first), '--reason', 'The licence photo is blurred')).toBe(0);
    expect(await me(token)).toMatchObject({ identificationStatus: 4, certificationType: 1 });
    expect((await enterprise(token)).data).toMatchObject({ status: 4, failureReason: 'The licence photo is blurred' });
    expect(await ops('cert', 'list', '--status', 'all')).toBe(0);
    expect(out.join('\n')).toContain(`${first}\tuser ${user.id}`);
    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).not.toContain(`user ${user.id} `);

    // Resubmission (a PDF this time) goes back to review.
    expect(
      (await submitEnterprise(token, { ...FIELDS, companyName: 'Renamed Co.' }, licence(PDF, 'l.pdf', 'application/pdf'))).json()
        .data,
    ).toBe(true);
    expect(await me(token)).toMatchObject({ identificationStatus: 1 });
    expect((await enterprise(token)).data).toMatchObject({ companyName: 'Renamed Co.', status: 1, failureReason: null });
    const pdf = await get(ENTERPRISE_LICENCE_PATH, token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const second = await latestEnterpriseId(user.id);
    expect(await ops('cert', 'reject', String(second), '--reason', 'Wrong bank')).toBe(0);
    // Personal after a failed enterprise review: allowed, and approved at once.
    expect((await submitPersonal(token, { realName: '张三', idCard: ID })).json().data).toBe(true);
    expect(await me(token)).toMatchObject({ identificationStatus: 3, certificationType: 0 });
    const reviews = await t.app.db.select().from(certificationReviews);
    expect(reviews.filter((r) => r.certificationId === first)).toMatchObject([
      { decision: 'reject', reason: 'The licence photo is blurred' },
    ]);
  });

  it('accepts a JPEG, a landline and an account with spaces', async () => {
    const { token } = await member();
    const res = await submitEnterprise(
      token,
      { ...FIELDS, contactPhone: '010-12345678' },
      licence(JPEG, 'scan.jpeg', 'image/jpeg'),
    );
    expect(res.json().data).toBe(true);
    expect((await get(ENTERPRISE_LICENCE_PATH, token)).headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['en', 'The business licence must be a JPG, PNG or PDF of at most 5 MB'],
    ['zh-CN', '营业执照须为不超过 5 MB 的 JPG、PNG 或 PDF 文件'],
  ])('refuses bad, missing and too large licence files with a 400 (%s)', async (lang, message) => {
    const { token } = await member();
    const cases: (File | null)[] = [
      licence(Buffer.from('just text pretending to be an image'), 'licence.png', 'image/png'),
      licence(Buffer.from('GIF89a....'), 'licence.gif', 'image/gif'),
      licence(Buffer.alloc(0)),
      licence(Buffer.concat([PNG, Buffer.alloc(LICENCE_MAX_BYTES)])),
      null,
    ];
    for (const file of cases) {
      const res = await submitEnterprise(token, FIELDS, file, lang);
      expect(res.statusCode, file?.name).toBe(400);
      expect(res.json().fieldErrors).toEqual({ businessLicence: message });
    }
    expect(await me(token)).toMatchObject({ identificationStatus: 0 });
    expect(await enterprise(token)).toMatchObject({ data: null });
  });

  it('accepts a licence of exactly 5 MB', async () => {
    const { token } = await member();
    const big = Buffer.concat([PDF, Buffer.alloc(LICENCE_MAX_BYTES - PDF.length)]);
    expect((await submitEnterprise(token, FIELDS, licence(big, 'big.pdf', 'application/pdf'))).json().data).toBe(true);
  });

  it('answers every bad field with a localized 400, never a 500', async () => {
    const { token } = await member();
    const bad = {
      companyName: 'X',
      contactPhone: '12345',
      unifiedSocialCreditCode: '91330100716105852E',
      bankName: ' ',
      bankAccount: '12 34',
      registrationAddress: '',
      registrationPhone: '010-123',
    };
    const res = await submitEnterprise(token, bad, licence(), 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      companyName: '请输入公司名称（2–100 个字符）',
      contactPhone: '请输入手机号码或带区号的座机号码（如 010-12345678）',
      unifiedSocialCreditCode: '统一社会信用代码不正确',
      bankName: '请输入开户银行及支行（2–100 个字符）',
      bankAccount: '请输入 8–30 位数字的银行账号',
      registrationAddress: '请输入注册地址（2–200 个字符）',
      registrationPhone: '请输入手机号码或带区号的座机号码（如 010-12345678）',
    });
    const uscc = await submitEnterprise(token, { ...FIELDS, unifiedSocialCreditCode: '91330100716105852E' });
    expect(uscc.json().fieldErrors).toEqual({ unifiedSocialCreditCode: 'The unified social credit code is incorrect' });
    const missing = await submitEnterprise(token, {}, null);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual([...Object.keys(FIELDS), 'businessLicence'].sort());

    const json = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-enterprise-info/create',
      payload: FIELDS,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      code: 400,
      data: null,
      msg: 'Send the form as multipart/form-data with the business licence file',
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-enterprise-info/create',
      headers: bearer(token),
    });
    expect(empty.statusCode).toBe(400);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-enterprise-info/create',
      payload: '--b\r\nContent-Disposition: form-data; name="companyName"\r\n\r\nAB',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(await me(token)).toMatchObject({ identificationStatus: 0 });
  });

  it('keeps licences of refused submissions out of storage', async () => {
    const { token } = await member();
    await submitEnterprise(token);
    const count = async () => (await t.app.db.select({ id: licenceFiles.id }).from(licenceFiles)).length;
    const before = await count();
    expect((await submitEnterprise(token)).json()).toMatchObject(LOCKED);
    expect(await count()).toBe(before);
  });

  it('copies a licence stored on disk by an earlier release into the database once, readable as before', async () => {
    const dir = join(t.config.dataDir, 'private', 'licences');
    await mkdir(dir, { recursive: true });
    const id = 'ab'.repeat(16);
    await writeFile(join(dir, id), encryptBytes(TEST_KEY, PNG, 'licence'));
    await writeFile(join(dir, 'not-a-licence.txt'), 'x');
    expect(await importLegacyLicences(t.app.db, t.config.dataDir)).toBe(1);
    expect(await importLegacyLicences(t.app.db, t.config.dataDir)).toBe(0);
    expect((await readLicence(t.app.db, TEST_KEY, id)).equals(PNG)).toBe(true);
    await rm(dir, { recursive: true });
  });
});

describe('ops cert', () => {
  it('refuses unknown ids and bad usage', async () => {
    expect(await ops('cert', 'approve', '999999')).toBe(1);
    expect(err.join('\n')).toMatch(/no enterprise certification with id 999999/);
    expect(await ops('cert', 'approve', 'abc')).toBe(2);
    expect(await ops('cert', 'list', '--status', 'done')).toBe(2);
    expect(await ops('cert')).toBe(2);
    expect(await ops('cert', 'licence', '1', '--out', 'relative.png')).toBe(2);
  });

  it('writes a licence for the reviewer', async () => {
    const { user, token } = await member();
    await submitEnterprise(token);
    const id = await latestEnterpriseId(user.id);
    const path = join(t.dir, `licence-${id}.png`);
    expect(await ops('cert', 'licence', String(id), '--out', path)).toBe(0);
    expect((await readFile(path)).equals(PNG)).toBe(true);
    expect(await ops('cert', 'licence', String(id), '--out', path)).toBe(1); // never overwrites
    const [u] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, user.id));
    expect(u?.identificationStatus).toBe(1);
  });
});
