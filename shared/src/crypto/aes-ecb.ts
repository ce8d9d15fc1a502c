/**
 * AES-ECB with PKCS#7 padding, base64 out: what AJ-Captcha uses for pointJson and
 * captchaVerification. WebCrypto has no ECB mode, but ECB of one block equals CBC with a zero IV,
 * so each 16-byte block is encrypted on its own and the CBC padding block is dropped.
 */
export async function aesEcbEncryptBase64(
  plaintext: string,
  key: string,
  subtle: typeof globalThis.crypto.subtle = globalThis.crypto.subtle,
): Promise<string> {
  const keyBytes = new TextEncoder().encode(key);
  if (![16, 24, 32].includes(keyBytes.length)) throw new Error('AES key must be 16, 24 or 32 bytes');
  const cryptoKey = await subtle.importKey('raw', keyBytes, { name: 'AES-CBC' }, false, ['encrypt']);
  const data = pkcs7(new TextEncoder().encode(plaintext));
  const out = new Uint8Array(data.length);
  const iv = new Uint8Array(16);
  for (let offset = 0; offset < data.length; offset += 16) {
    const block = await subtle.encrypt({ name: 'AES-CBC', iv }, cryptoKey, data.subarray(offset, offset + 16));
    out.set(new Uint8Array(block, 0, 16), offset);
  }
  let binary = '';
  for (const byte of out) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function pkcs7(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const pad = 16 - (bytes.length % 16);
  const out = new Uint8Array(new ArrayBuffer(bytes.length + pad));
  out.set(bytes);
  out.fill(pad, bytes.length);
  return out;
}
