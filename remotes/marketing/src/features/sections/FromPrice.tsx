import { Skeleton, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen } from '@portal/shared';

/**
 * "From ¥11.31 / GB": the lowest price of a product line, read from the catalogue. While it loads a
 * placeholder of the same size keeps the layout still; when nothing is on sale nothing is promised.
 */
export function FromPrice({
  fen,
  unit,
  loading,
  tone = 'light',
}: {
  fen: number | null | undefined;
  unit: 'gb' | 'ipMonth';
  loading: boolean;
  tone?: 'light' | 'dark';
}) {
  const intl = useIntl();
  if (loading) return <Skeleton height="28px" width="150px" borderRadius="md" aria-busy="true" />;
  if (fen === null || fen === undefined) {
    return (
      <Text color={tone === 'dark' ? 'whiteAlpha.800' : 'fg.muted'}>
        <FormattedMessage id="marketing.price.unavailable" />
      </Text>
    );
  }
  return (
    <Text fontSize="lg" color={tone === 'dark' ? 'white' : 'fg'} data-testid={`from-price-${unit}`} data-fen={fen}>
      <FormattedMessage
        id={unit === 'gb' ? 'marketing.price.fromPerGb' : 'marketing.price.fromPerIpMonth'}
        values={{
          price: (
            <Text as="strong" fontSize="2xl" fontWeight="bold" color={tone === 'dark' ? 'white' : 'brand.fg'}>
              {formatFen(fen, intl.locale)}
            </Text>
          ),
        }}
      />
    </Text>
  );
}

/**
 * The price card beside a hero's title (home, product landing pages): a product line's FromPrice on
 * the dark hero, a note under it and, when given, a title over it (the card is then a little roomier).
 */
export function HeroPriceCard({
  title,
  note,
  ...price
}: {
  title?: ReactNode;
  note: ReactNode;
  fen: number | null | undefined;
  unit: 'gb' | 'ipMonth';
  loading: boolean;
}) {
  return (
    <Stack
      bg="whiteAlpha.100"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
      borderRadius="2xl"
      p={6}
      gap={title ? 3 : 2}
      minW={{ lg: title ? '280px' : '260px' }}
    >
      {title ? (
        <Text color="brand.100" fontSize="sm">
          {title}
        </Text>
      ) : null}
      <FromPrice {...price} tone="dark" />
      <Text color="whiteAlpha.800" fontSize="sm">
        {note}
      </Text>
    </Stack>
  );
}
