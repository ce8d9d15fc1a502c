import { HStack, Text } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import type { Locale, StaticRegion } from '@portal/shared';

/** The heading of a region's card (buying, exchanging): its country code as a chip, then the country. */
export function RegionTitle({ region, lang }: { region: Pick<StaticRegion, 'countryCode' | 'country'>; lang: Locale }) {
  return (
    <HStack gap={2}>
      <Text
        as="span"
        fontFamily="mono"
        fontSize="xs"
        fontWeight="bold"
        px={1.5}
        py={0.5}
        borderRadius="sm"
        bg="gray.100"
        color="gray.700"
        aria-hidden="true"
      >
        {region.countryCode}
      </Text>
      <RadioCard.ItemText fontWeight="semibold">{region.country[lang]}</RadioCard.ItemText>
    </HStack>
  );
}
