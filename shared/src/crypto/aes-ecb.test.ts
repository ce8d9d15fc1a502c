// @vitest-environment node
import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesEcbEncryptBase64 } from './aes-ecb.ts';

const nodeEcb = (text: string, key: string) => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};

describe('aesEcbEncryptBase64', () => {
  const key = 'k3YAbCdEfGhIjKlM';
  it.each([
    '',
    'a',
    '{"x":120,"y":5}',
    'exactly 16 bytes',
    'token-uuid---[{"x":10,"y":20},{"x":200,"y":90},{"x":33,"y":44}]',
    '中文点选',
  ])('matches AES-128-ECB/PKCS7 for %j', async (text) => {
    expect(await aesEcbEncryptBase64(text, key)).toBe(nodeEcb(text, key));
  });
  it('refuses a key of the wrong length', async () => {
    await expect(aesEcbEncryptBase64('x', 'short')).rejects.toThrow(/16, 24 or 32/);
  });
});
