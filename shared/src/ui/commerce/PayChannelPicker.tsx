import { Box, HStack } from '../chakra.ts';
import { RadioCard } from '../chakra-deferred.ts';
import { FormattedMessage } from 'react-intl';
import { DESKTOP_DEVICE, type PayDevice } from '../../commerce/pay-channel.ts';
import type { PayChannel } from '../../contract/index.ts';
import { ChoiceCard, ChoiceCardGroup } from './ChoiceCards.tsx';
import { blockedChannel } from './InAppPay.tsx';

export interface PayChannelPickerProps {
  /** The channels to offer, in this order (usePayDevice: the device's channels the server accepts). */
  channels: readonly PayChannel[];
  value: PayChannel | null;
  onChange: (channel: PayChannel) => void;
  /** Id of the visible heading that names the choice ("Payment method"). */
  labelledBy: string;
  size?: RadioCard.RootProps['size'];
  /** Inside WeChat or Alipay, the way that cannot open there says so instead of how it goes on. */
  device?: PayDevice;
}

/** Alipay or WeChat Pay, as cards with the brand's colour dot and how the payment goes on. */
export function PayChannelPicker({
  channels,
  value,
  onChange,
  labelledBy,
  size,
  device = DESKTOP_DEVICE,
}: PayChannelPickerProps) {
  return (
    <ChoiceCardGroup
      value={value}
      onValueChange={(d) => onChange(d.value as PayChannel)}
      size={size}
      aria-labelledby={labelledBy}
      columns={{ base: 1, sm: 2 }}
      gap={3}
    >
      {channels.map((c) => {
        const blocked = blockedChannel(c, device);
        return (
          <ChoiceCard key={c} value={c} data-testid={`channel-${c}`} data-blocked={blocked ?? undefined}>
            <HStack>
              <Box aria-hidden="true" w="10px" h="10px" borderRadius="full" bg={c.startsWith('alipay') ? '#1677ff' : '#07c160'} />
              <RadioCard.ItemText>
                <FormattedMessage id={`shared.pay.channel.${c}`} />
              </RadioCard.ItemText>
            </HStack>
            <RadioCard.ItemDescription>
              <FormattedMessage id={blocked ? `shared.pay.blocked.${blocked}` : `shared.pay.channel.${c}.hint`} />
            </RadioCard.ItemDescription>
          </ChoiceCard>
        );
      })}
    </ChoiceCardGroup>
  );
}
