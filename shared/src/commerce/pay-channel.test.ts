import { describe, expect, it } from 'vitest';
import {
  blockedBy,
  classifyPayDevice,
  type DeviceSignals,
  DESKTOP_DEVICE,
  h5InsideWechat,
  isH5Channel,
  type PayDevice,
  payChannelFor,
  payChannelsFor,
  payPageFor,
} from './pay-channel.ts';

// User agents as the browsers send them.
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  huawei:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechatIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 14; V2307A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129',
  alipayAndroid:
    'Mozilla/5.0 (Linux; U; Android 13; zh-CN; M2012K11AC Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.65 Mobile Safari/537.36 UCBS/3.22.2.65_230817192603 ChannelId(0) NebulaSDK/1.8.100112 Nebula AlipayDefined(nt:WIFI,ws:393|0|2.75) AliApp(AP/10.5.36.8100) AlipayClient/10.5.36.8100 Language/zh-Hans useStatusBar/true isConcaveScreen/true Region/CNAriver/1.0.0',
};

const signals = (userAgent: string, over: Partial<DeviceSignals> = {}): DeviceSignals => ({
  userAgent,
  maxTouchPoints: 0,
  coarsePointer: false,
  viewportWidth: 1280,
  ...over,
});
const PHONE = { maxTouchPoints: 5, coarsePointer: true, viewportWidth: 390 };

describe('classifyPayDevice', () => {
  it('takes desktops for desktops, even in a narrow window without touch', () => {
    expect(classifyPayDevice(signals(UA.chromeWindows))).toEqual(DESKTOP_DEVICE);
    expect(classifyPayDevice(signals(UA.safariMac))).toEqual(DESKTOP_DEVICE);
    expect(classifyPayDevice(signals(UA.chromeWindows, { viewportWidth: 500 }))).toEqual(DESKTOP_DEVICE);
    // A touch laptop at full width.
    expect(classifyPayDevice(signals(UA.chromeWindows, { maxTouchPoints: 10, viewportWidth: 1366 }))).toEqual(DESKTOP_DEVICE);
  });

  it('takes phones and tablets by their user agent, whatever the viewport', () => {
    for (const ua of [UA.iPhoneSafari, UA.androidChrome, UA.huawei, UA.androidTablet]) {
      expect(classifyPayDevice(signals(ua, { ...PHONE, viewportWidth: 1024 })), ua).toEqual({ handheld: true, inApp: null });
    }
  });

  it('takes an iPad, which says Macintosh, for a tablet by its touch screen', () => {
    expect(classifyPayDevice(signals(UA.safariMac, { maxTouchPoints: 5, coarsePointer: true, viewportWidth: 1024 }))).toEqual({
      handheld: true,
      inApp: null,
    });
  });

  it('takes a touch screen with a narrow viewport for a phone, whatever its user agent says', () => {
    expect(classifyPayDevice(signals(UA.chromeWindows, { maxTouchPoints: 1, viewportWidth: 375 })).handheld).toBe(true);
    expect(classifyPayDevice(signals(UA.chromeWindows, { coarsePointer: true, viewportWidth: 767 })).handheld).toBe(true);
    expect(classifyPayDevice(signals(UA.chromeWindows, { coarsePointer: true, viewportWidth: 768 })).handheld).toBe(false);
  });

  it("recognises WeChat's and Alipay's own browsers, on phones and on WeChat for Windows", () => {
    expect(classifyPayDevice(signals(UA.wechatIphone, PHONE))).toEqual({ handheld: true, inApp: 'wechat' });
    expect(classifyPayDevice(signals(UA.wechatAndroid, PHONE))).toEqual({ handheld: true, inApp: 'wechat' });
    expect(classifyPayDevice(signals(UA.wechatWindows))).toEqual({ handheld: false, inApp: 'wechat' });
    expect(classifyPayDevice(signals(UA.alipayAndroid, PHONE))).toEqual({ handheld: true, inApp: 'alipay' });
  });
});

const phone: PayDevice = { handheld: true, inApp: null };
const inWechat: PayDevice = { handheld: true, inApp: 'wechat' };
const inAlipay: PayDevice = { handheld: true, inApp: 'alipay' };

describe('payChannelFor', () => {
  it('gives a desktop the Alipay page and the WeChat QR code', () => {
    expect(payChannelFor('alipay', DESKTOP_DEVICE)).toBe('alipay_pc');
    expect(payChannelFor('wechat', DESKTOP_DEVICE)).toBe('wx_native');
  });

  it('never asks a phone to scan a code it shows itself: the H5 channels', () => {
    expect(payChannelFor('alipay', phone)).toBe('alipay_wap');
    expect(payChannelFor('wechat', phone)).toBe('wx_h5');
    expect(payChannelFor('wechat', inWechat)).toBe('wx_h5');
    expect(payChannelsFor(phone)).not.toContain('wx_native');
  });

  it('offers both ways to pay, the one that opens here first, within what the server offers', () => {
    expect(payChannelsFor(DESKTOP_DEVICE)).toEqual(['alipay_pc', 'wx_native']);
    expect(payChannelsFor(phone)).toEqual(['alipay_wap', 'wx_h5']);
    expect(payChannelsFor(inWechat)).toEqual(['wx_h5', 'alipay_wap']);
    expect(payChannelsFor(phone, ['alipay_pc', 'wx_native', 'wx_h5'])).toEqual(['wx_h5']);
    expect(payChannelsFor(DESKTOP_DEVICE, [])).toEqual([]);
  });
});

describe('in-app browsers', () => {
  it('says Alipay cannot open inside WeChat, nor WeChat Pay inside Alipay', () => {
    expect(blockedBy('alipay', inWechat)).toBe('wechat');
    expect(blockedBy('wechat', inWechat)).toBeNull();
    expect(blockedBy('wechat', inAlipay)).toBe('alipay');
    expect(blockedBy('alipay', inAlipay)).toBeNull();
    expect(blockedBy('alipay', { handheld: false, inApp: 'wechat' })).toBe('wechat');
    expect(blockedBy('alipay', phone)).toBeNull();
    expect(blockedBy('wechat', DESKTOP_DEVICE)).toBeNull();
  });

  it('flags WeChat H5 inside WeChat only', () => {
    expect(h5InsideWechat('wx_h5', inWechat)).toBe(true);
    expect(h5InsideWechat('wx_h5', phone)).toBe(false);
    expect(h5InsideWechat('wx_native', { handheld: false, inApp: 'wechat' })).toBe(false);
  });
});

describe('where paying continues', () => {
  it('sends phones to the H5 pages and desktops to the order page', () => {
    expect(payPageFor(phone)).toBe('/h5/pay');
    expect(payPageFor(inWechat)).toBe('/h5/pay');
    expect(payPageFor(DESKTOP_DEVICE)).toBe('/order');
  });

  it('knows the H5 channels', () => {
    expect(['alipay_pc', 'wx_native', 'alipay_wap', 'wx_h5'].filter((c) => isH5Channel(c as never))).toEqual([
      'alipay_wap',
      'wx_h5',
    ]);
  });
});
