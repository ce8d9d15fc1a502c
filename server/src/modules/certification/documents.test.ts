import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CertificationErrorCode, CertificationType, DOCUMENT_FILE_PATH, IdentificationStatus, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsContext, runOps } from '../../cli/ops.ts';
import { createTestApp, TEST_DATA_KEY, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { createSession } from '../accounts/sessions.ts';
import { decryptBytes, documentHash } from './crypto.ts';
import { documentCertificationReviews, documentCertifications, licenceFiles } from './tables.ts';

// Certification by document (issue 28, item 8): people without a mainland ID card (passport or
// another government ID) and companies registered outside mainland China, reviewed by ops.

const KEY = Buffer.from(TEST_DATA_KEY, 'base64');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF passport photo page')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

const PASSPORT = { documentType: 'passport', country: 'us', documentNumber: ' 56a 123 456 ', fullName: ' Jane Q. Public ' };
const COMPANY = {
  companyName: 'Acme Data Ltd',
  country: 'GB',
  registrationNumber: '01234567',
  registrationAddress: '1 High Street, London EC1A 1AA',
};

type File = { name: string; type: string; data: Buffer };
const photo = (data: Buffer = JPEG, name = 'passport.jpg', type = 'image/jpeg'): File => ({ name, type, data });

function multipart(fields: Record<string, string>, file: File | null) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const submit = (
  kind: 'personal' | 'company',
  token: string,
  fields: Record<string, string>,
  file: File | null = photo(),
  lang = 'en',
) => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/app-api/ip/member-user-document-info/create-${kind}`,
    payload,
    headers: { ...headers, ...bearer(token), 'accept-language': lang },
  });
};
const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const documentInfo = async (token: string) => (await get('/app-api/ip/member-user-document-info/get', token)).json().data;
const me = async (token: string) => (await get('/app-api/ip/member-user/get', token)).json().data;

async function member() {
  const user = await createTestUser(t.app.db);
  return { user, token: await loginToken(t.app, user.mobile as string, user.password) };
}
/** Many members at once: sessions made directly (parallel logins from one address would trip its lockout). */
async function members(n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await createTestUser(t.app.db);
      return { user, token: (await createSession(t.app.db, user.id)).token };
    }),
  );
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
const latestId = async (userId: number) => {
  const rows = await t.app.db.select().from(documentCertifications).where(eq(documentCertifications.userId, userId));
  return (rows.at(-1) as { id: number }).id;
};
const LOCKED = { code: CertificationErrorCode.Locked, data: null };

describe('personal certification with a passport or another government ID', () => {
  it('waits for review, masks the number, encrypts number and photo at rest, and is locked meanwhile', async () => {
    const { user, token } = await member();
    expect(await documentInfo(token)).toBeNull();
    expect((await submit('personal', token, PASSPORT)).json()).toEqual({ code: 0, data: true, msg: '' });
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Auditing,
      certificationType: CertificationType.Personal,
    });
    expect(await documentInfo(token)).toEqual({
      documentType: 'passport',
      country: 'US',
      name: 'Jane Q. Public',
      number: '*****3456',
      registrationAddress: null,
      status: IdentificationStatus.Auditing,
      failureReason: null,
      submittedAt: expect.any(Number),
      reviewedAt: null,
    });

    const [row] = await t.app.db.select().from(documentCertifications).where(eq(documentCertifications.userId, user.id));
    expect(row?.numberEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('56A');
    const [file] = await t.app.db
      .select()
      .from(licenceFiles)
      .where(eq(licenceFiles.id, row?.documentFile ?? ''));
    expect(file?.sealed.includes(Buffer.from('passport photo page'))).toBe(false);
    expect(decryptBytes(KEY, file?.sealed as Buffer, 'licence').equals(JPEG)).toBe(true);

    // Served to its owner only.
    const own = await get(DOCUMENT_FILE_PATH, token);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.equals(JPEG)).toBe(true);
    expect((await get(DOCUMENT_FILE_PATH, (await member()).token)).statusCode).toBe(404);

    // Nothing can be changed or added while in review, whatever the kind.
    expect((await submit('personal', token, PASSPORT)).json()).toMatchObject(LOCKED);
    expect((await submit('company', token, COMPANY)).json()).toMatchObject(LOCKED);
    const idCard = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-personal-info/create',
      payload: { realName: '张三', idCard: '11010519491231002X' },
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
    });
    expect(idCard.json()).toEqual({ ...LOCKED, msg: '认证审核中或已通过，无法修改' });
  });

  it('ops lists it with the document type, country and number, approves it, and then it stays locked', async () => {
    const { user, token } = await member();
    await submit('personal', token, { ...PASSPORT, documentType: 'driving_licence', documentNumber: 'DL-778812' });
    const id = await latestId(user.id);
    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(
      new RegExp(
        `^d${id}\\tuser ${user.id} ${user.mobile}\\tJane Q\\. Public\\tdriving licence US DL-778812\\t.*\\tauditing$`,
        'm',
      ),
    );
    const path = join(t.dir, `document-${id}.jpg`);
    expect(await ops('cert', 'document', `d${id}`, '--out', path)).toBe(0);
    expect((await readFile(path)).equals(JPEG)).toBe(true);

    expect(await ops('cert', 'approve', `d${id}`)).toBe(0);
    expect(out).toEqual([`approved: d${id} Jane Q. Public (driving licence, user ${user.id})`]);
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Success,
      certificationType: CertificationType.Personal,
    });
    expect(await documentInfo(token)).toMatchObject({ status: IdentificationStatus.Success, reviewedAt: expect.any(Number) });
    expect((await submit('personal', token, PASSPORT)).json()).toMatchObject(LOCKED);
    expect(await ops('cert', 'approve', `d${id}`)).toBe(1);
    expect(err.join('\n')).toMatch(/d\d+ is not waiting for review \(status success\)/);
    const reviews = await t.app.db
      .select()
      .from(documentCertificationReviews)
      .where(eq(documentCertificationReviews.certificationId, id));
    expect(reviews).toMatchObject([{ decision: 'approve', reason: null }]);
  });

  it('rejected with a reason the user sees, then resubmitted (or certified another way)', async () => {
    const { user, token } = await member();
    await submit('personal', token, PASSPORT);
    const first = await latestId(user.id);
    expect(await ops('cert', 'reject', `d${first}`, '--reason', 'The photo is blurred: upload a sharper one')).toBe(0);
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Fail,
      certificationType: CertificationType.Personal,
    });
    expect(await documentInfo(token)).toMatchObject({ status: 4, failureReason: 'The photo is blurred: upload a sharper one' });
    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).not.toContain(`d${first}\t`);
    expect(await ops('cert', 'list', '--status', 'all')).toBe(0);
    expect(out.join('\n')).toContain(`d${first}\tuser ${user.id}`);

    expect(
      (
        await submit('personal', token, { ...PASSPORT, documentType: 'national_id' }, photo(PDF, 'id.pdf', 'application/pdf'))
      ).json().data,
    ).toBe(true);
    expect(await documentInfo(token)).toMatchObject({ documentType: 'national_id', status: 1, failureReason: null });
    expect(await me(token)).toMatchObject({ identificationStatus: IdentificationStatus.Auditing });
  });

  it('answers every bad field and file with a localized 400, never a 500', async () => {
    const { token } = await member();
    const bad = await submit(
      'personal',
      token,
      { documentType: 'library_card', country: 'AQ', documentNumber: '!', fullName: 'J\u0007' },
      photo(Buffer.from('GIF89a not allowed'), 'x.gif', 'image/gif'),
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: ResultCode.BadRequest,
      fieldErrors: {
        documentType: '请选择证件类型：护照、身份证件、驾驶证或其他',
        country: '请选择国家或地区',
        documentNumber: '请按证件所印填写证件号码（3–40 位字母、数字、空格或连字符）',
        fullName: '请按证件所印填写姓名（2–100 个字符）',
        document: '请上传证件照片或扫描件：不超过 5 MB 的 JPG、PNG 或 PDF 文件',
      },
    });
    const noFile = await submit('personal', token, PASSPORT, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fieldErrors).toEqual({
      document: 'Upload a photo or scan of the document: JPG, PNG or PDF of at most 5 MB',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/member-user-document-info/create-personal',
      payload: PASSPORT,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe('Send the form as multipart/form-data with the document file');
    expect(await me(token)).toMatchObject({ identificationStatus: IdentificationStatus.Pending });
    expect(await documentInfo(token)).toBeNull();
  });

  it('needs a login', async () => {
    const res = await submit('personal', 'not-a-token', PASSPORT);
    expect(res.json().code).toBe(401);
  });
});

describe('one document, several accounts', () => {
  const rowsOf = (country: string, number: string) =>
    t.app.db
      .select()
      .from(documentCertifications)
      .where(eq(documentCertifications.numberHash, documentHash(KEY, { subject: 'person', country, number })));

  it('holds under 50 parallel submissions of one passport: 3 accounts at most, waiting or certified', {
    timeout: 120_000,
  }, async () => {
    const number = 'P50PARALLEL1';
    const answers = await Promise.all(
      (await members(50)).map(({ token }, i) =>
        // The same passport written in several ways is one passport.
        submit('personal', token, { ...PASSPORT, documentNumber: i % 2 ? number.toLowerCase() : `p50-parallel 1` }).then(
          (r) => r.json().code,
        ),
      ),
    );
    expect(answers.filter((c) => c === 0)).toHaveLength(3);
    expect(answers.filter((c) => c === CertificationErrorCode.DocumentLimit)).toHaveLength(47);
    expect(new Set((await rowsOf('US', number)).map((r) => r.userId)).size).toBe(3);
  });

  it('refuses the 4th account in its language; a rejected one frees its place', { timeout: 120_000 }, async () => {
    const number = 'X9988776';
    const accounts = await members(3);
    for (const { token } of accounts)
      expect((await submit('personal', token, { ...PASSPORT, documentNumber: number })).json().code).toBe(0);
    const fourth = await member();
    expect((await submit('personal', fourth.token, { ...PASSPORT, documentNumber: number }, photo(), 'zh-CN')).json()).toEqual({
      code: CertificationErrorCode.DocumentLimit,
      data: null,
      msg: '该证件无法再用于认证其他账号，如有疑问请联系客服',
    });
    // Another country's passport of the same number is another document.
    const other = await member();
    expect((await submit('personal', other.token, { ...PASSPORT, country: 'CA', documentNumber: number })).json().code).toBe(0);
    // The operator sees the other accounts of a document.
    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(
      new RegExp(`user ${accounts[0]?.user.id} .*passport US ${number} \\(also on 2 other accounts\\)`),
    );

    const first = accounts[0] as Awaited<ReturnType<typeof member>>;
    expect(await ops('cert', 'reject', `d${await latestId(first.user.id)}`, '--reason', 'Not your passport')).toBe(0);
    expect((await submit('personal', fourth.token, { ...PASSPORT, documentNumber: number })).json().code).toBe(0);
  });

  it('does not limit companies: several accounts of one company are normal', async () => {
    for (let i = 0; i < 4; i++) {
      const { token } = await member();
      expect((await submit('company', token, { ...COMPANY, registrationNumber: 'SC123456' })).json().code, `account ${i}`).toBe(
        0,
      );
    }
  });
});

describe('companies registered outside mainland China', () => {
  it('go to review as an enterprise, shown in full, and are approved by ops', async () => {
    const { user, token } = await member();
    expect((await submit('company', token, COMPANY, photo(PDF, 'incorporation.pdf', 'application/pdf'))).json().data).toBe(true);
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Auditing,
      certificationType: CertificationType.Enterprise,
    });
    expect(await documentInfo(token)).toMatchObject({
      documentType: 'company_registration',
      country: 'GB',
      name: 'Acme Data Ltd',
      number: '01234567',
      registrationAddress: '1 High Street, London EC1A 1AA',
      status: 1,
    });
    const id = await latestId(user.id);
    expect(await ops('cert', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`^d${id}\\t.*\\tAcme Data Ltd\\tcompany registration GB 01234567\\t`, 'm'));
    expect(await ops('cert', 'approve', `D${id}`)).toBe(0);
    expect(await me(token)).toMatchObject({
      identificationStatus: IdentificationStatus.Success,
      certificationType: CertificationType.Enterprise,
    });
  });

  it('are refused for mainland China (the credit code flow) and for bad fields, localized', async () => {
    const { token } = await member();
    const cn = await submit('company', token, { ...COMPANY, country: 'CN' }, photo(), 'zh-CN');
    expect(cn.statusCode).toBe(400);
    expect(cn.json().fieldErrors).toEqual({ country: '在中国大陆注册的企业请使用统一社会信用代码进行企业认证' });
    const bad = await submit('company', token, {
      companyName: 'A',
      country: 'ZZ',
      registrationNumber: 'ABC',
      registrationAddress: '',
    });
    expect(bad.json().fieldErrors).toEqual({
      companyName: 'Enter the registered company name (2–200 characters)',
      country: 'Choose a country or region',
      registrationNumber: 'Enter the company registration number (3–40 letters, digits, spaces, hyphens or slashes)',
      registrationAddress: 'Enter the registered address (2–200 characters)',
    });
  });
});

describe('ops cert with document ids', () => {
  it('refuses unknown document ids and malformed ones', async () => {
    expect(await ops('cert', 'approve', 'd999999')).toBe(1);
    expect(err.join('\n')).toMatch(/no document certification with id d999999/);
    expect(await ops('cert', 'document', 'd999999', '--out', join(t.dir, 'none.png'))).toBe(1);
    expect(await ops('cert', 'approve', 'x12')).toBe(2);
    expect(await ops('cert', 'reject', 'd1', '--reason', 'bad\u0007reason')).toBe(2);
  });
});
