import { classifyPayDevice, DESKTOP_DEVICE, type PayDevice } from '../commerce/pay-channel.ts';

/**
 * This browser as a payer (commerce/pay-channel.ts): phone or desktop, inside WeChat or Alipay.
 * Asked when a payment is about to start, so a rotated phone or a resized window is read afresh;
 * without a browser (server render) it is a desktop.
 */
export function detectPayDevice(): PayDevice {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return DESKTOP_DEVICE;
  return classifyPayDevice({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    coarsePointer: typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches,
    viewportWidth: window.innerWidth,
  });
}
