import type { PayChannel } from '../contract/index.ts';

/**
 * Which payment channel a buyer gets, decided here for every kind of order (recharge, static
 * purchase, static renewal) and every page that starts a payment: a desktop gets the Alipay page
 * and the WeChat QR code; a phone or tablet gets the providers' H5 pages, which open their apps,
 * because it cannot scan a code shown on its own screen. Pure: the browser's signals are read by
 * `detectPayDevice` (@portal/shared/browser), the server never guesses a device.
 */

/** The two ways to pay (SPEC section 9), in the portal's usual order. */
export const PAY_METHODS = ['alipay', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** An app whose built-in browser the page is open in: each refuses to open the other's payment. */
export type InAppBrowser = 'wechat' | 'alipay';

export interface PayDevice {
  /** A phone or tablet: pays through the H5 channels and the /h5 pages. */
  handheld: boolean;
  /** Inside WeChat's or Alipay's own browser, else null. */
  inApp: InAppBrowser | null;
}

/** What the server render and tests assume when there is no browser to ask. */
export const DESKTOP_DEVICE: PayDevice = { handheld: false, inApp: null };

/** The channel of a way to pay on this device. */
export function payChannelFor(method: PayMethod, device: PayDevice): PayChannel {
  if (method === 'alipay') return device.handheld ? 'alipay_wap' : 'alipay_pc';
  return device.handheld ? 'wx_h5' : 'wx_native';
}

/**
 * The app whose browser will not open this way to pay, or null when it can be used here. WeChat
 * blocks Alipay's pages; Alipay's browser cannot open WeChat. (WeChat Pay's H5 page inside WeChat
 * is a case of its own: see `h5InsideWechat`.)
 */
export function blockedBy(method: PayMethod, device: PayDevice): InAppBrowser | null {
  if (device.inApp === 'wechat' && method === 'alipay') return 'wechat';
  if (device.inApp === 'alipay' && method === 'wechat') return 'alipay';
  return null;
}

/**
 * WeChat Pay's H5 channel opened inside WeChat: the best the portal has there (WeChat's in-app
 * payment, JSAPI, needs the buyer's openid from an official account the portal does not have), but
 * WeChat may answer it by asking to open the order outside WeChat, so the page says how.
 */
export const h5InsideWechat = (channel: PayChannel, device: PayDevice) => channel === 'wx_h5' && device.inApp === 'wechat';

/**
 * The channels to offer on this device, the way that opens here first (WeChat Pay inside WeChat,
 * Alipay elsewhere), limited to those the server offers when it said which.
 */
export function payChannelsFor(device: PayDevice, offered?: readonly PayChannel[]): PayChannel[] {
  const methods: readonly PayMethod[] = device.inApp === 'wechat' ? ['wechat', 'alipay'] : PAY_METHODS;
  return methods.map((m) => payChannelFor(m, device)).filter((c) => !offered || offered.includes(c));
}

/** Where paying for traffic continues: the phone pages (`/h5/pay`) or the order page (`/order`). */
export const payPageFor = (device: PayDevice): '/h5/pay' | '/order' => (device.handheld ? '/h5/pay' : '/order');

/** The H5 channels come back to the phone pages; the others to the desktop pages. */
export const isH5Channel = (channel: PayChannel) => channel === 'alipay_wap' || channel === 'wx_h5';

/** What a browser tells about itself (`detectPayDevice` reads them). */
export interface DeviceSignals {
  userAgent: string;
  /** navigator.maxTouchPoints: 0 without a touch screen. */
  maxTouchPoints: number;
  /** The primary pointer is a finger (`(pointer: coarse)`). */
  coarsePointer: boolean;
  /** The layout viewport's width in CSS pixels. */
  viewportWidth: number;
}

/** Narrower than this, a touch screen is taken for a phone (the theme's `md` breakpoint). */
export const HANDHELD_MAX_WIDTH_PX = 768;

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony|Windows Phone|BlackBerry/i;

/**
 * A phone or tablet: a mobile user agent; an iPad, which calls itself a Mac but has a touch screen;
 * or any touch screen with a narrow viewport. A narrow desktop window without touch stays a desktop
 * (its owner scans the code with their phone).
 */
export function classifyPayDevice(signals: DeviceSignals): PayDevice {
  const ua = signals.userAgent;
  const touch = signals.maxTouchPoints > 0 || signals.coarsePointer;
  const iPadOs = /Macintosh/.test(ua) && signals.maxTouchPoints > 1;
  const handheld = MOBILE_UA.test(ua) || iPadOs || (touch && signals.viewportWidth < HANDHELD_MAX_WIDTH_PX);
  // WeCom (wxwork) says MicroMessenger too and behaves like WeChat; Alipay HK says AlipayClientHK.
  const inApp: InAppBrowser | null = /MicroMessenger/i.test(ua) ? 'wechat' : /AlipayClient/i.test(ua) ? 'alipay' : null;
  return { handheld, inApp };
}
