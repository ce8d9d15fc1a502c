import { Box, HStack, Image, Stack, Text } from '../chakra.ts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PayAction } from '../../contract/index.ts';

export type QrPayAction = Extract<PayAction, { kind: 'qr' }>;

export interface QrPayPanelProps {
  /** The WeChat Native answer to show; null while there is none yet (the rest still shows). */
  qr: QrPayAction | null;
  /** The "waiting for the payment" line under the code (each app words it its own way). */
  waiting: ReactNode;
  /** The amount, large above the code. */
  amount?: ReactNode;
  /** The time left (PayDeadline), under the instructions. */
  deadline?: ReactNode;
  /** Inside a form rather than a dialog of its own: a smaller code and text. */
  compact?: boolean;
  testId?: string;
}

/**
 * WeChat Native: the QR code to scan with WeChat and what to do with it. The page polls the order
 * status meanwhile (`aria-live`, so screen readers hear the waiting line).
 */
export function QrPayPanel({ qr, waiting, amount, deadline, compact = false, testId }: QrPayPanelProps) {
  const intl = useIntl();
  const side = compact ? '200px' : '220px';
  return (
    <Stack align="center" gap={compact ? 2 : 3} textAlign="center" data-testid={testId}>
      {amount !== undefined ? (
        <Text fontSize="2xl" fontWeight="bold" color="#07a050">
          {amount}
        </Text>
      ) : null}
      {qr ? (
        <Image
          src={qr.qrImage}
          alt={intl.formatMessage({ id: 'shared.pay.qr.alt' })}
          width={side}
          height={side}
          data-testid="qr-image"
          data-code-url={qr.codeUrl}
        />
      ) : null}
      <Text fontSize={compact ? 'sm' : undefined}>
        <FormattedMessage id="shared.pay.qr.scan" />
      </Text>
      {deadline}
      <HStack color="fg.muted" fontSize="sm" aria-live="polite">
        <Box w="8px" h="8px" borderRadius="full" bg="green.500" aria-hidden="true" />
        {waiting}
      </HStack>
    </Stack>
  );
}
