import { Alert, Box, Button, List, Portal, Stack, Text } from '../chakra.ts';
import { Dialog } from '../chakra-deferred.ts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { blockedBy, h5InsideWechat, type InAppBrowser, type PayDevice, payChannelsFor } from '../../commerce/pay-channel.ts';
import { type PayChannel, payTypeOf } from '../../contract/index.ts';
import { detectPayDevice } from '../../device/pay-device.ts';
import { copyText } from '../clipboard.ts';
import { message } from '../toaster.ts';

/**
 * This browser as a payer, read once when the payment step mounts, and the channels to offer on it
 * (commerce/pay-channel.ts decides), limited to those the server offers once it said which.
 */
export function usePayDevice(offered?: readonly PayChannel[]) {
  const [device] = useState(detectPayDevice);
  return { device, channels: payChannelsFor(device, offered) };
}

/** The app whose browser cannot open the chosen channel, or null. */
export const blockedChannel = (channel: PayChannel | null | undefined, device: PayDevice): InAppBrowser | null =>
  channel ? blockedBy(payTypeOf(channel), device) : null;

/**
 * Under the channel picker, inside WeChat's or Alipay's browser: that the chosen way to pay cannot
 * open here and what to do instead, or (WeChat Pay inside WeChat) what to do if WeChat refuses it.
 * Nothing elsewhere. `onGuide` opens the OpenInBrowserGuide.
 */
export function InAppPayNotice({
  channel,
  device,
  onGuide,
}: {
  channel: PayChannel | null | undefined;
  device: PayDevice;
  onGuide: () => void;
}) {
  const blocked = blockedChannel(channel, device);
  if (blocked) {
    return (
      <Alert.Root status="warning" data-testid="in-app-notice" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content gap={2}>
          <Alert.Title>
            <FormattedMessage id={`shared.pay.inApp.${blocked}.title`} />
          </Alert.Title>
          <Alert.Description>
            <FormattedMessage id={`shared.pay.inApp.${blocked}.text`} />
          </Alert.Description>
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onGuide} data-testid="in-app-guide-button">
            <FormattedMessage id="shared.pay.inApp.how" />
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (channel && h5InsideWechat(channel, device)) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="wechat-h5-note">
        <FormattedMessage id="shared.pay.inApp.wechatH5" />{' '}
        <Button variant="plain" size="sm" height="auto" p={0} color="brand.700" textDecoration="underline" onClick={onGuide}>
          <FormattedMessage id="shared.pay.inApp.how" />
        </Button>
      </Text>
    );
  }
  return null;
}

/**
 * How to leave an app's own browser for the phone's, as Chinese shops show it: the page dims, an
 * arrow points at the ··· menu in the top right corner, and the steps say what to tap. The link can
 * be copied instead, to paste into any browser.
 */
export function OpenInBrowserGuide({
  app,
  open,
  onClose,
  link,
}: {
  /** The app the page is open in. */
  app: InAppBrowser;
  open: boolean;
  onClose: () => void;
  /** What to open in the browser; this page by default. */
  link?: string;
}) {
  const intl = useIntl();
  const copy = async () => {
    const url = link ? new URL(link, window.location.origin).href : window.location.href;
    const ok = await copyText(url);
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'shared.pay.guide.copied' : 'shared.pay.guide.copyFailed' }));
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? null : onClose())} placement="top" motionPreset="none">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.800" />
        <Dialog.Positioner>
          {/* The arrow towards the app's ··· menu, over the dimmed page. */}
          <Box position="fixed" top={1} right={3} color="white" aria-hidden="true" pointerEvents="none">
            <svg
              aria-hidden="true"
              width="72"
              height="72"
              viewBox="0 0 72 72"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
              strokeLinecap="round"
            >
              <path d="M10 66 C 22 40, 38 22, 62 10" />
              <path d="M44 8 L 62 10 L 58 28" strokeLinejoin="round" />
            </svg>
          </Box>
          <Dialog.Content data-testid="open-in-browser-guide" mt={20} mx={4} maxW="sm">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="shared.pay.guide.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <List.Root as="ol" gap={2} ps={5}>
                  <List.Item>
                    <FormattedMessage
                      id="shared.pay.guide.step1"
                      values={{
                        menu: (
                          <Text as="strong" key="menu" letterSpacing="wider">
                            ···
                          </Text>
                        ),
                      }}
                    />
                  </List.Item>
                  <List.Item>
                    <FormattedMessage id={`shared.pay.guide.step2.${app}`} />
                  </List.Item>
                  <List.Item>
                    <FormattedMessage id="shared.pay.guide.step3" />
                  </List.Item>
                </List.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={() => void copy()} data-testid="open-in-browser-copy">
                <FormattedMessage id="shared.pay.guide.copy" />
              </Button>
              <Button colorPalette="brand" onClick={onClose} data-testid="open-in-browser-close">
                <FormattedMessage id="shared.pay.guide.close" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
