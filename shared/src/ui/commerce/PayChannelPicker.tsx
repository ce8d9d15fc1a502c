import { Box, HStack } from '../chakra.ts';
import { RadioCard } from '../chakra-deferred.ts';
import { FormattedMessage } from 'react-intl';
import type { PayChannel } from '../../contract/index.ts';
import { ChoiceCard, ChoiceCardGroup } from './ChoiceCards.tsx';

export interface PayChannelPickerProps {
  /** The channels to offer, in this order (PC or phone channels the server accepts for the order). */
  channels: readonly PayChannel[];
  value: PayChannel | null;
  onChange: (channel: PayChannel) => void;
  /** Id of the visible heading that names the choice ("Payment method"). */
  labelledBy: string;
  size?: RadioCard.RootProps['size'];
}

/** Alipay or WeChat Pay, as cards with the brand's colour dot and how the payment goes on. */
export function PayChannelPicker({ channels, value, onChange, labelledBy, size }: PayChannelPickerProps) {
  return (
    <ChoiceCardGroup
      value={value}
      onValueChange={(d) => onChange(d.value as PayChannel)}
      size={size}
      aria-labelledby={labelledBy}
      columns={{ base: 1, sm: 2 }}
      gap={3}
    >
      {channels.map((c) => (
        <ChoiceCard key={c} value={c} data-testid={`channel-${c}`}>
          <HStack>
            <Box aria-hidden="true" w="10px" h="10px" borderRadius="full" bg={c.startsWith('alipay') ? '#1677ff' : '#07c160'} />
            <RadioCard.ItemText>
              <FormattedMessage id={`shared.pay.channel.${c}`} />
            </RadioCard.ItemText>
          </HStack>
          <RadioCard.ItemDescription>
            <FormattedMessage id={`shared.pay.channel.${c}.hint`} />
          </RadioCard.ItemDescription>
        </ChoiceCard>
      ))}
    </ChoiceCardGroup>
  );
}
