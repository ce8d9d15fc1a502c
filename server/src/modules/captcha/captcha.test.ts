import { loadImage } from '@napi-rs/canvas';
import { AuthErrorCode, CaptchaErrorCode, captchaGetResult, envelope, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/ops.ts';
import { createTestApp, type TestApp, testClock } from '../../test/app.ts';
import { checkCaptcha, getCaptcha, passCaptcha, verificationFor } from '../../test/captcha.ts';
import { createTestUser } from '../../test/members.ts';
import { rateLimits } from '../limits/tables.ts';
import { aesEcbDecrypt, aesEcbEncrypt } from './aes.ts';
import { captchaAnswer } from './answer.ts';
import { CLICK_WORD_POOL, CLICK_WORD_TARGETS, PIECE, PIECE_WIDTH } from './render.ts';
import { CAPTCHA_CHECK_FAILURE_RULE, CAPTCHA_GET_QUOTA } from './routes.ts';
import { CAPTCHA_TTL_MS, MIN_SOLVE_MS, SLIDER_Y, VERIFICATION_TTL_MS } from './service.ts';
import { captchaChallenges } from './tables.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_ENABLED: 'true' }, clock });
});
afterAll(() => t.close());
// Every test starts with fresh per-address failure counts (the tests of that limit use their own addresses).
beforeEach(() => clock.advance(CAPTCHA_CHECK_FAILURE_RULE.blockMs));

/** A slider captcha, its stored answer, and the point that solves it; the person took the minimum time. */
const slider = async ({ ip, think = MIN_SOLVE_MS.blockPuzzle }: { ip?: string; think?: number } = {}) => {
  const captcha = await getCaptcha(t.app, 'blockPuzzle', { ip });
  const stored = await captchaAnswer(t.app.db, captcha.token);
  if (!stored || Array.isArray(stored.answer)) throw new Error('expected a slider answer');
  clock.advance(think);
  return { captcha, answer: stored.answer, solution: { x: stored.answer.x, y: SLIDER_Y } };
};
const words = async ({ think = MIN_SOLVE_MS.clickWord }: { think?: number } = {}) => {
  const captcha = await getCaptcha(t.app, 'clickWord');
  const stored = await captchaAnswer(t.app.db, captcha.token);
  if (!stored || !Array.isArray(stored.answer)) throw new Error('expected click answers');
  clock.advance(think);
  return { captcha, answer: stored.answer };
};
const TOO_MANY = {
  code: CaptchaErrorCode.TooManyFailures,
  data: null,
  msg: `Too many failed verifications, try again in ${CAPTCHA_CHECK_FAILURE_RULE.blockMs / 60_000} minutes`,
};
const FAILED = { code: CaptchaErrorCode.VerificationFailed, data: null, msg: 'verification failed' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function png(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return loadImage(bytes);
}

describe('POST /app-api/system/captcha/get', () => {
  it('blockPuzzle: a 310x155 PNG with a hole, the piece cut from it, as high as the background', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/system/captcha/get',
      payload: { captchaType: 'blockPuzzle' },
    });
    const body = envelope(captchaGetResult).parse(res.json());
    const data = body.data;
    if (!data) throw new Error('no data');
    expect(data).toMatchObject({ width: 310, height: 155, wordList: null });
    expect(data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(data.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.originalImageBase64).not.toMatch(/^data:/);
    const background = await png(data.originalImageBase64);
    const piece = await png(data.jigsawImageBase64 ?? '');
    expect([background.width, background.height]).toEqual([310, 155]);
    expect([piece.width, piece.height]).toEqual([PIECE_WIDTH, 155]);
    // Nothing in the response gives the position away; the stored answer says where the hole is.
    const stored = await captchaAnswer(t.app.db, data.token);
    const answer = stored?.answer as { x: number; y: number };
    expect(JSON.stringify(data)).not.toContain(`"x"`);
    expect(answer.x).toBeGreaterThanOrEqual(PIECE_WIDTH + 20);
    expect(answer.x + PIECE_WIDTH).toBeLessThanOrEqual(310);

    const { createCanvas } = await import('@napi-rs/canvas');
    const pixels = (image: Awaited<ReturnType<typeof loadImage>>) => {
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      return ctx.getImageData(0, 0, image.width, image.height);
    };
    const bg = pixels(background);
    const pc = pixels(piece);
    const cx = PIECE.pad + Math.round(PIECE.size / 2);
    const cy = answer.y + Math.round(PIECE.size / 2);
    const at = (img: { data: Uint8ClampedArray; width: number }, x: number, y: number) =>
      Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
    // The piece is opaque at its centre and transparent above and below it.
    expect(at(pc, cx, cy)[3]).toBe(255);
    const above = answer.y - PIECE.knob - 12;
    const below = answer.y + PIECE.size + 12;
    if (above >= 0) expect(at(pc, cx, above)[3]).toBe(0);
    if (below < 155) expect(at(pc, cx, below)[3]).toBe(0);
    // The hole is the piece's own pixels, darkened by half.
    const hole = at(bg, answer.x + cx, cy);
    const original = at(pc, cx, cy);
    for (let c = 0; c < 3; c++) expect(Math.abs((hole[c] ?? 0) - (original[c] ?? 0) / 2)).toBeLessThanOrEqual(3);
  });

  it('clickWord: a 310x155 PNG and 4 distinct characters to click, no piece', async () => {
    const data = await getCaptcha(t.app, 'clickWord');
    expect(data.jigsawImageBase64).toBeNull();
    expect(data.wordList).toHaveLength(CLICK_WORD_TARGETS);
    expect(new Set(data.wordList).size).toBe(CLICK_WORD_TARGETS);
    for (const w of data.wordList ?? []) expect(CLICK_WORD_POOL).toContain(w);
    const image = await png(data.originalImageBase64);
    expect([image.width, image.height]).toEqual([310, 155]);
    const stored = await captchaAnswer(t.app.db, data.token);
    const points = stored?.answer as { x: number; y: number }[];
    expect(points).toHaveLength(CLICK_WORD_TARGETS);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(20);
      expect(p.x).toBeLessThanOrEqual(290);
      expect(p.y).toBeGreaterThanOrEqual(20);
      expect(p.y).toBeLessThanOrEqual(135);
    }
  });

  it('gives every captcha its own token and key', async () => {
    const a = await getCaptcha(t.app);
    const b = await getCaptcha(t.app);
    expect(a.token).not.toBe(b.token);
    expect(a.secretKey).not.toBe(b.secretKey);
  });

  it('answers 400 with a field message for an unknown captchaType', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app-api/system/captcha/get', payload: { captchaType: 'rotate' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('captchaType');
  });

  it('limits captchas per client address (counted in PostgreSQL)', async () => {
    const ip = '198.51.100.7';
    await t.app.db.insert(rateLimits).values({
      key: `captcha:ip:${ip}`,
      windowStart: clock(),
      count: CAPTCHA_GET_QUOTA.limit,
      expiresAt: new Date(clock().getTime() + CAPTCHA_GET_QUOTA.windowMs),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/system/captcha/get',
      payload: { captchaType: 'blockPuzzle' },
      remoteAddress: ip,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.json()).toEqual({ code: ResultCode.TooManyRequests, data: null, msg: '请求过于频繁，请稍后再试' });
    clock.advance(CAPTCHA_GET_QUOTA.windowMs);
    const later = await t.app.inject({
      method: 'POST',
      url: '/app-api/system/captcha/get',
      payload: { captchaType: 'blockPuzzle' },
      remoteAddress: ip,
    });
    expect(later.json().code).toBe(0);
  });
});

describe('POST /app-api/system/captcha/check', () => {
  it("accepts the slider within ±5 px of the answer, with the widget's y of 5", async () => {
    for (const dx of [-5, 0, 3, 5]) {
      const { captcha, answer } = await slider();
      const res = await checkCaptcha(t.app, captcha, 'blockPuzzle', { x: answer.x + dx, y: SLIDER_Y });
      expect(res.json(), `dx ${dx}`).toEqual({ code: 0, data: { result: true }, msg: '' });
    }
  });

  it('refuses the slider 6 px or more away, in both languages', async () => {
    for (const dx of [-6, 6, 40]) {
      const { captcha, answer } = await slider();
      const res = await checkCaptcha(t.app, captcha, 'blockPuzzle', { x: answer.x + dx, y: SLIDER_Y });
      expect(res.json(), `dx ${dx}`).toEqual(FAILED);
    }
    const { captcha, answer } = await slider();
    const zh = await t.app.inject({
      method: 'POST',
      url: '/app-api/system/captcha/check',
      payload: {
        captchaType: 'blockPuzzle',
        token: captcha.token,
        pointJson: aesEcbEncrypt(JSON.stringify({ x: answer.x + 20, y: SLIDER_Y }), captcha.secretKey),
      },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.json()).toEqual({ ...FAILED, msg: '验证失败' });
  });

  it('checks y as AJ-Captcha does: the right x with any other y fails', async () => {
    for (const y of [0, 4, 6, 999, -5]) {
      const { captcha, answer } = await slider();
      expect((await checkCaptcha(t.app, captcha, 'blockPuzzle', { x: answer.x, y })).json(), `y ${y}`).toEqual(FAILED);
    }
  });

  it('refuses an answer sooner than a person could give it, and the token is spent', async () => {
    const fast = await slider({ think: MIN_SOLVE_MS.blockPuzzle - 1 });
    expect((await checkCaptcha(t.app, fast.captcha, 'blockPuzzle', fast.solution)).json()).toEqual(FAILED);
    clock.advance(5000);
    expect((await checkCaptcha(t.app, fast.captcha, 'blockPuzzle', fast.solution)).json()).toEqual(FAILED);
    const instant = await slider({ think: 0 });
    expect((await checkCaptcha(t.app, instant.captcha, 'blockPuzzle', instant.solution)).json()).toEqual(FAILED);
    const clicks = await words({ think: MIN_SOLVE_MS.clickWord - 1 });
    expect((await checkCaptcha(t.app, clicks.captcha, 'clickWord', clicks.answer)).json()).toEqual(FAILED);
    // At the minimum, both pass.
    const ok = await slider({ think: MIN_SOLVE_MS.blockPuzzle });
    expect((await checkCaptcha(t.app, ok.captcha, 'blockPuzzle', ok.solution)).json().code).toBe(0);
    const okClicks = await words({ think: MIN_SOLVE_MS.clickWord });
    expect((await checkCaptcha(t.app, okClicks.captcha, 'clickWord', okClicks.answer)).json().code).toBe(0);
  });

  it('accepts clicks within ±25 px on each axis, in order, and refuses otherwise', async () => {
    const ok = await words();
    const near = ok.answer.map((p, i) => ({ x: p.x + (i % 2 ? 25 : -25), y: p.y + (i % 2 ? -25 : 25) }));
    expect((await checkCaptcha(t.app, ok.captcha, 'clickWord', near)).json().code).toBe(0);

    const offAxis = await words();
    const bad = offAxis.answer.map((p, i) => (i === 2 ? { x: p.x, y: p.y + 26 } : p));
    expect((await checkCaptcha(t.app, offAxis.captcha, 'clickWord', bad)).json()).toEqual(FAILED);

    const reordered = await words();
    const swapped = [reordered.answer[1], reordered.answer[0], ...reordered.answer.slice(2)];
    expect((await checkCaptcha(t.app, reordered.captcha, 'clickWord', swapped)).json()).toEqual(FAILED);

    const missing = await words();
    expect((await checkCaptcha(t.app, missing.captcha, 'clickWord', missing.answer.slice(0, 3))).json()).toEqual(FAILED);
  });

  it('checks a token once: even the right answer fails the second time', async () => {
    const { captcha, solution } = await slider();
    expect((await checkCaptcha(t.app, captcha, 'blockPuzzle', solution)).json().code).toBe(0);
    expect((await checkCaptcha(t.app, captcha, 'blockPuzzle', solution)).json()).toEqual(FAILED);
    const wrongFirst = await slider();
    expect((await checkCaptcha(t.app, wrongFirst.captcha, 'blockPuzzle', { x: 0, y: SLIDER_Y })).json()).toEqual(FAILED);
    expect((await checkCaptcha(t.app, wrongFirst.captcha, 'blockPuzzle', wrongFirst.solution)).json()).toEqual(FAILED);
    // clickWord alike: one wrong try spends the token.
    const clicks = await words();
    expect((await checkCaptcha(t.app, clicks.captcha, 'clickWord', [...clicks.answer].reverse())).json()).toEqual(FAILED);
    expect((await checkCaptcha(t.app, clicks.captcha, 'clickWord', clicks.answer)).json()).toEqual(FAILED);
  });

  it('refuses an expired token (2 minutes)', async () => {
    const { captcha, solution } = await slider();
    clock.advance(CAPTCHA_TTL_MS);
    expect((await checkCaptcha(t.app, captcha, 'blockPuzzle', solution)).json()).toEqual(FAILED);
    const fresh = await slider();
    clock.advance(CAPTCHA_TTL_MS - 1000 - MIN_SOLVE_MS.blockPuzzle);
    expect((await checkCaptcha(t.app, fresh.captcha, 'blockPuzzle', fresh.solution)).json().code).toBe(0);
  });

  it('refuses unknown tokens, another type, garbage and a point encrypted with another key', async () => {
    const { captcha, solution: answer } = await slider();
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/app-api/system/captcha/check', payload, headers: { 'accept-language': 'en' } });
    const enc = (value: unknown, key = captcha.secretKey) => aesEcbEncrypt(JSON.stringify(value), key);
    expect((await send({ captchaType: 'blockPuzzle', token: 'f'.repeat(32), pointJson: enc(answer) })).json()).toEqual(FAILED);
    expect((await send({ captchaType: 'clickWord', token: captcha.token, pointJson: enc([answer]) })).json()).toEqual(FAILED);
    // The wrong type spent the token too.
    expect((await send({ captchaType: 'blockPuzzle', token: captcha.token, pointJson: enc(answer) })).json()).toEqual(FAILED);
    expect((await send({ captchaType: 'blockPuzzle', token: captcha.token, pointJson: 'bm90IGFlcw==' })).json()).toEqual(FAILED);
    const other = await slider();
    expect(
      (
        await send({ captchaType: 'blockPuzzle', token: other.captcha.token, pointJson: enc(other.solution, 'AAAAAAAAAAAAAAAA') })
      ).json(),
    ).toEqual(FAILED);
    const third = await slider();
    expect((await send({ captchaType: 'blockPuzzle', token: third.captcha.token, pointJson: enc('x') })).json()).toEqual(FAILED);
  });

  it('answers 400 (not 500) for malformed bodies', async () => {
    for (const payload of [
      {},
      { captchaType: 'blockPuzzle', token: '', pointJson: 'x' },
      { captchaType: 'blockPuzzle', token: 'a', pointJson: 5 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/app-api/system/captcha/check', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('guessing', () => {
  const W = 310;
  /** A blind guess that knows the protocol: y = 5, x anywhere the piece can be, after the minimum time. */
  const blindX = () => PIECE_WIDTH + 20 + Math.floor(Math.random() * (W - 2 * PIECE_WIDTH - 24));

  it('a blind guesser from one address gets at most the failure limit of checks, so only a tiny fraction passes', async () => {
    const ip = '198.51.100.200';
    const tokens = 100; // what one address may get in 10 minutes
    let passed = 0;
    let failed = 0;
    let refused = 0;
    for (let i = 0; i < tokens; i++) {
      const { captcha } = await slider({ ip, think: 0 });
      clock.advance(MIN_SOLVE_MS.blockPuzzle);
      const body = (await checkCaptcha(t.app, captcha, 'blockPuzzle', { x: blindX(), y: SLIDER_Y }, { ip })).json();
      if (body.code === 0) passed += 1;
      else if (body.code === CaptchaErrorCode.VerificationFailed) failed += 1;
      else if (body.code === CaptchaErrorCode.TooManyFailures) refused += 1;
    }
    // Each check is a 11-in-174 guess; only 10 wrong ones are allowed per 15 minutes. Expected passes:
    // 10 × p / (1 − p) ≈ 0.67 of 100 tokens (0.7 %); before, about 6 of 100 (6.3 %), with no end.
    console.info(`blind guessing from one address: ${passed} of ${tokens} passed (${(passed / tokens) * 100} %)`);
    expect(failed).toBe(CAPTCHA_CHECK_FAILURE_RULE.limit);
    expect(refused).toBe(tokens - passed - failed);
    expect(passed).toBeLessThanOrEqual(6); // P(more than 6) ≈ 3e-5
  });

  it(`holds the per-address failure limit (${CAPTCHA_CHECK_FAILURE_RULE.limit}) under 50 parallel checks, in both languages`, async () => {
    const ip = '198.51.100.201';
    const challenges = [];
    for (let i = 0; i < 50; i++) challenges.push(await slider({ ip: '198.51.100.202', think: 0 }));
    clock.advance(MIN_SOLVE_MS.blockPuzzle);
    const answers = await Promise.all(
      challenges.map(({ captcha, answer }) =>
        checkCaptcha(t.app, captcha, 'blockPuzzle', { x: answer.x + 40, y: SLIDER_Y }, { ip }).then((r) => r.json()),
      ),
    );
    expect(answers.filter((a) => a.code === CaptchaErrorCode.VerificationFailed)).toHaveLength(CAPTCHA_CHECK_FAILURE_RULE.limit);
    expect(answers.filter((a) => a.code === CaptchaErrorCode.TooManyFailures)).toHaveLength(
      50 - CAPTCHA_CHECK_FAILURE_RULE.limit,
    );
    // Locked, even for the right answer; another address is not.
    const right = await slider();
    expect((await checkCaptcha(t.app, right.captcha, 'blockPuzzle', right.solution, { ip })).json()).toEqual(TOO_MANY);
    const zh = await slider();
    const zhRes = await t.app.inject({
      method: 'POST',
      url: '/app-api/system/captcha/check',
      payload: {
        captchaType: 'blockPuzzle',
        token: zh.captcha.token,
        pointJson: aesEcbEncrypt(JSON.stringify(zh.solution), zh.captcha.secretKey),
      },
      remoteAddress: ip,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zhRes.json()).toEqual({ ...TOO_MANY, msg: '验证失败次数过多，请 15 分钟后再试' });
    const elsewhere = await slider();
    expect(
      (await checkCaptcha(t.app, elsewhere.captcha, 'blockPuzzle', elsewhere.solution, { ip: '198.51.100.203' })).json().code,
    ).toBe(0);
    // The block ends after 15 minutes.
    clock.advance(CAPTCHA_CHECK_FAILURE_RULE.blockMs);
    const later = await slider();
    expect((await checkCaptcha(t.app, later.captcha, 'blockPuzzle', later.solution, { ip })).json().code).toBe(0);
  });

  it('passed checks do not count: a person solving many captchas from one address is never locked', async () => {
    const ip = '198.51.100.204';
    for (let i = 0; i < CAPTCHA_CHECK_FAILURE_RULE.limit + 5; i++) {
      const { captcha, solution } = await slider({ ip });
      expect((await checkCaptcha(t.app, captcha, 'blockPuzzle', solution, { ip })).json().code, `check ${i}`).toBe(0);
    }
  });
});

describe('captchaVerification', () => {
  const LOGIN = '/app-api/member/auth/login';
  const REQUIRED = { code: AuthErrorCode.CaptchaRequired, data: null, msg: 'Please complete the security verification' };
  const login = (payload: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: LOGIN, payload, headers: { 'accept-language': lang } });

  it('is what the client computes from token, point and key; it opens exactly one login', async () => {
    const user = await createTestUser(t.app.db);
    const verification = await passCaptcha(t.app);
    const body = { mobile: user.mobile, password: user.password, captchaVerification: verification };
    expect((await login(body)).json().code).toBe(0);
    expect((await login(body)).json()).toEqual(REQUIRED);
  });

  it('is refused when missing, wrong, or for a failed check, in both languages', async () => {
    const user = await createTestUser(t.app.db);
    expect((await login({ mobile: user.mobile, password: user.password })).json()).toEqual(REQUIRED);
    expect((await login({ mobile: user.mobile, password: user.password }, 'zh-CN')).json()).toEqual({
      ...REQUIRED,
      msg: '请先完成安全验证',
    });
    expect((await login({ mobile: user.mobile, password: user.password, captchaVerification: '' })).json()).toEqual(REQUIRED);
    const { captcha, answer } = await slider();
    await checkCaptcha(t.app, captcha, 'blockPuzzle', { x: answer.x + 30, y: 0 });
    const forged = verificationFor(captcha, { x: answer.x + 30, y: 0 });
    expect((await login({ mobile: user.mobile, password: user.password, captchaVerification: forged })).json()).toEqual(REQUIRED);
  });

  it('expires 3 minutes after the check', async () => {
    const user = await createTestUser(t.app.db);
    const verification = await passCaptcha(t.app);
    clock.advance(VERIFICATION_TTL_MS);
    expect((await login({ mobile: user.mobile, password: user.password, captchaVerification: verification })).json()).toEqual(
      REQUIRED,
    );
  });

  it('is spent by register and send-sms-code too (missing: refused before anything else)', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/auth/send-sms-code',
      payload: { mobile: '13612340000', scene: 0 },
      headers: { 'accept-language': 'en' },
    });
    expect(send.json()).toEqual(REQUIRED);
    const register = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/auth/register',
      payload: { mobile: '13612340000', password: 'Kite-river-42', code: '123456', agreement: true },
      headers: { 'accept-language': 'en' },
    });
    expect(register.json()).toEqual(REQUIRED);
    const verification = await passCaptcha(t.app);
    const withCaptcha = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/auth/send-sms-code',
      payload: { mobile: '13612340000', scene: 0, captchaVerification: verification },
    });
    expect(withCaptcha.json()).toEqual({ code: 0, data: true, msg: '' });
  });

  it('stores only a hash of the expected verification', async () => {
    const verification = await passCaptcha(t.app);
    const rows = await t.app.db.select().from(captchaChallenges).where(eq(captchaChallenges.verificationHash, verification));
    expect(rows).toHaveLength(0);
  });
});

describe('CAPTCHA_ENABLED=false', () => {
  it('lets login, register and send-sms-code through without a captchaVerification', async () => {
    const open = await createTestApp({ env: { CAPTCHA_ENABLED: 'false' } });
    try {
      const user = await createTestUser(open.app.db);
      const res = await open.app.inject({
        method: 'POST',
        url: '/app-api/member/auth/login',
        payload: { mobile: user.mobile, password: user.password },
      });
      expect(res.json().code).toBe(0);
      const send = await open.app.inject({
        method: 'POST',
        url: '/app-api/member/auth/send-sms-code',
        payload: { email: 'x@example.com', scene: 0 },
      });
      expect(send.json().code).toBe(0);
      // Still works as a widget: get and check answer as usual.
      expect((await getCaptcha(open.app)).token).toBeTruthy();
    } finally {
      await open.close();
    }
  });
});

describe('AES-128-ECB helpers', () => {
  it('round-trip and refuse data under another key or of a wrong length', () => {
    const key = 'abcdefghijklmnop';
    const sealed = aesEcbEncrypt('{"x":12,"y":5}', key);
    expect(aesEcbDecrypt(sealed, key)).toBe('{"x":12,"y":5}');
    expect(aesEcbDecrypt(sealed, 'ABCDEFGHIJKLMNOP')).not.toBe('{"x":12,"y":5}');
    expect(aesEcbDecrypt('AAAA', key)).toBeNull();
    expect(aesEcbDecrypt('', key)).toBeNull();
  });

  it('agrees with an independent WebCrypto implementation (ECB block = CBC with a zero IV)', async () => {
    const key = 'K3yOfSixteenChrs';
    const plaintext = '7a1f9c0e2b3d4a5f---[{"x":101.5,"y":42},{"x":230,"y":77}]';
    const cryptoKey = await crypto.subtle.importKey('raw', Buffer.from(key), { name: 'AES-CBC' }, false, ['encrypt']);
    const bytes = Buffer.from(plaintext);
    const pad = 16 - (bytes.length % 16);
    const padded = Buffer.concat([bytes, Buffer.alloc(pad, pad)]);
    const blocks: Buffer[] = [];
    for (let i = 0; i < padded.length; i += 16) {
      const out = await crypto.subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, cryptoKey, padded.subarray(i, i + 16));
      blocks.push(Buffer.from(out).subarray(0, 16));
    }
    expect(aesEcbEncrypt(plaintext, key)).toBe(Buffer.concat(blocks).toString('base64'));
  });
});

describe('ops: captcha answer', () => {
  it('prints the stored answer of a token as JSON, and exits 1 for an unknown token', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const ctx = {
      db: async () => t.app.db,
      config: t.config,
      io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) },
    };
    const { captcha, answer } = await slider();
    expect(await runOps(['captcha', 'answer', captcha.token], ctx)).toBe(0);
    expect(JSON.parse(out[0] ?? '')).toEqual(answer);
    const clicks = await words();
    expect(await runOps(['captcha', 'answer', clicks.captcha.token], ctx)).toBe(0);
    expect(JSON.parse(out[1] ?? '')).toEqual(clicks.answer);
    expect(await runOps(['captcha', 'answer', 'nope'], ctx)).toBe(1);
    expect(err.join('\n')).toMatch(/no captcha with token nope/);
    expect(await runOps(['captcha', 'answer'], ctx)).toBe(2);
    expect(await runOps(['captcha', 'solve', 'x'], ctx)).toBe(2);
  });
});
