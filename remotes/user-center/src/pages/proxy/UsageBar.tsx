import { Badge, Box, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatTraffic } from '@portal/shared';
import { shareOf } from './capUsage.ts';

/**
 * Usage against a cap or a limit: "used of limit (percent)" over a bar that turns orange from 80 %
 * and red at the limit, with what that means (`pausedId`) once it is reached. Without a limit, the
 * usage alone (`unlimitedId`).
 */
export function UsageBar({
  usedMb,
  limitMb,
  ofId,
  unlimitedId,
  pausedId,
  testId,
}: {
  usedMb: number;
  limitMb: number | null;
  /** The message of "used of limit", with {used}, {limit} and {percent}. */
  ofId: string;
  unlimitedId: string;
  pausedId: string;
  testId: string;
}) {
  const intl = useIntl();
  const used = formatTraffic(usedMb, intl.locale);
  const share = shareOf(usedMb, limitMb);
  if (!share || limitMb === null) {
    return (
      <Text fontSize="sm" textAlign="start" data-testid={testId} data-state="none">
        <FormattedMessage id={unlimitedId} values={{ used }} />
      </Text>
    );
  }
  const palette = share.state === 'reached' ? 'red' : share.state === 'near' ? 'orange' : 'green';
  const text = intl.formatMessage({ id: ofId }, { used, limit: formatTraffic(limitMb, intl.locale), percent: share.percent });
  return (
    <Stack gap={1} minW="9rem" data-testid={testId} data-state={share.state}>
      <Text as="span" fontSize="sm">
        {text}
      </Text>
      <Box
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share.percent}
        h="1.5"
        bg="bg.muted"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${share.percent}%`} bg={`${palette}.solid`} borderRadius="full" />
      </Box>
      {share.state === 'reached' ? (
        <Badge colorPalette="red" alignSelf="flex-start" whiteSpace="normal">
          <FormattedMessage id={pausedId} />
        </Badge>
      ) : null}
    </Stack>
  );
}
