import { createToaster } from './chakra.ts';

/** SPEC section 9: one toast message at a time, 3 s by default. */
export const MESSAGE_DURATION_MS = 3000;
/** SPEC section 9: notifications stay 4.5 s. */
export const NOTIFICATION_DURATION_MS = 4500;

export const messageToaster = createToaster({ placement: 'top', max: 1, duration: MESSAGE_DURATION_MS, overlap: false });
export const notificationToaster = createToaster({ placement: 'top-end', duration: NOTIFICATION_DURATION_MS, overlap: true });

type Kind = 'success' | 'error' | 'warning' | 'info';

// Messages raised before the toaster is on screen (a guard at first load, an expired session found
// at start) wait here instead of being lost.
let mounted = false;
const waiting = new Map<string, () => void>();

/** Called by the shell once its toaster is rendered. */
export function toasterMounted() {
  mounted = true;
  for (const show of waiting.values()) show();
  waiting.clear();
}

/** A short message (toast). A new one replaces the one on screen. */
export function message(kind: Kind, title: string) {
  const show = () => {
    messageToaster.dismiss();
    messageToaster.create({ type: kind, title });
  };
  if (mounted) show();
  else waiting.set(`${kind}:${title}`, show);
}

/** A notification with a title and a description, e.g. an update offer. */
export function notify(kind: Kind, title: string, description?: string, action?: { label: string; onClick: () => void }) {
  return notificationToaster.create({ type: kind, title, description, action });
}
