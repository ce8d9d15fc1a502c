import QRCode from 'qrcode';

/**
 * A QR code as SVG markup (error correction M, a 2-module quiet zone), for inline use in a page.
 * The markup is generated here from the text's modules only, so it carries no caller content.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** `data:image/svg+xml;base64,…` of the QR code of `text` (the WeChat Native code_url shown while paying). */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text), 'utf8').toString('base64')}`;
}
