import type { ReactNode } from 'react';
import { Button, HStack, Stack, Text } from '../chakra.ts';
import { primaryAction } from '../../state/ui.ts';

/**
 * Below lg a purchase page's summary card comes after every choice (1,800 px down on a phone): this
 * bar keeps the caption, the price and "Buy now" in reach, and rests after the choices (sticky, not
 * fixed), so it covers nothing at the end of the page. One bar for every purchase page.
 */
export function StickyBuyBar({
  testId,
  caption,
  captionTestId,
  price,
  priceTestId,
  button,
  disabled,
  busy,
  onBuy,
  note,
}: {
  testId: string;
  caption: ReactNode;
  captionTestId?: string;
  price: ReactNode;
  priceTestId: string;
  button: { label: ReactNode; testId: string };
  disabled: boolean;
  busy?: boolean;
  onBuy: () => void;
  /** A line under the bar (a refused purchase, said where the button was pressed). */
  note?: ReactNode;
}) {
  return (
    <Stack
      display={{ base: 'flex', lg: 'none' }}
      position="sticky"
      bottom={0}
      zIndex="docked" // under the sticky header once scrolled past
      bg="bg"
      borderTopWidth="1px"
      boxShadow="0 -4px 12px rgba(0,0,0,0.06)"
      mx={{ base: -4, md: -6 }}
      px={{ base: 4, md: 6 }}
      py={3}
      gap={1}
      data-testid={testId}
    >
      <HStack justify="space-between" gap={3}>
        <Stack gap={0} minW={0}>
          <Text fontSize="sm" color="fg.muted" truncate data-testid={captionTestId}>
            {caption}
          </Text>
          <Text fontWeight="bold" fontSize="lg" color="brand.700" data-testid={priceTestId}>
            {price}
          </Text>
        </Stack>
        <Button
          colorPalette="brand"
          size="lg"
          flexShrink={0}
          disabled={disabled}
          loading={busy}
          onClick={onBuy}
          data-testid={button.testId}
          {...primaryAction}
        >
          {button.label}
        </Button>
      </HStack>
      {note ? (
        <Text fontSize="sm" color="fg.error">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
