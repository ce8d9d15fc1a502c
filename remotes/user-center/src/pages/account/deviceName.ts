import type { DeviceInfo } from '@portal/shared';
import type { IntlShape } from 'react-intl';

/** "Chrome 131 · Windows 10/11", or the localized "Unknown browser" / "Unknown system" for what the server could not read. */
export function deviceName(intl: IntlShape, device: DeviceInfo): { browser: string; system: string } {
  return {
    browser: device.browser ?? intl.formatMessage({ id: 'uc.devices.unknownBrowser' }),
    system: device.system ?? intl.formatMessage({ id: 'uc.devices.unknownSystem' }),
  };
}
