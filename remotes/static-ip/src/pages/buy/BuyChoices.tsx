import { Badge, Card, HStack, Text, VisuallyHidden } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, type StaticDuration, type StaticRegion } from '@portal/shared';
import { MessageAlert } from '@portal/shared/ui';
import { ChoiceCard, ChoiceCardGroup } from '@portal/shared/ui/forms';
import { localeKey } from '../../common/format.ts';
import { RegionTitle } from '../../features/catalogue/RegionTitle.tsx';
import { discountPercent } from '../../features/catalogue/selection.ts';

/** One card of the buy form, titled by an h2 (`titleId` lets a choice group name itself by it). */
export function Section({
  title,
  titleId,
  gap,
  children,
}: {
  title: string;
  titleId?: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Card.Title as="h2" id={titleId}>
          <FormattedMessage id={title} />
        </Card.Title>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}

/** The regions of the type with their stock; sold-out ones stay listed but cannot be chosen. */
export function RegionCards({
  type,
  regions,
  value,
  onChoose,
}: {
  type: ResourceType;
  regions: readonly StaticRegion[];
  value: StaticRegion | null;
  onChoose: (id: number) => void;
}) {
  const intl = useIntl();
  const lang = localeKey(intl.locale);
  const soldOut = regions.length > 0 && regions.every((r) => r.available === 0);
  return (
    <Section title="static.buy.region" titleId={`static-region-label-${type}`} gap={3}>
      {regions.length === 0 ? (
        <Text color="fg.muted" data-testid="static-regions-empty">
          <FormattedMessage id="static.buy.noRegions" />
        </Text>
      ) : (
        <>
          {soldOut ? <MessageAlert status="warning" size="sm" id="static.buy.allSoldOut" testId="static-sold-out" /> : null}
          <ChoiceCardGroup
            value={value ? String(value.id) : null}
            onValueChange={(d) => d.value && onChoose(Number(d.value))}
            size="sm"
            aria-labelledby={`static-region-label-${type}`}
            columns={{ base: 1, sm: 2, xl: 3 }}
            gap={3}
          >
            {regions.map((r) => (
              <ChoiceCard
                key={r.id}
                value={String(r.id)}
                disabled={r.available === 0}
                data-testid="static-region"
                data-region-id={r.id}
                data-available={r.available}
                contentProps={{ gap: 1 }}
              >
                <RegionTitle region={r} lang={lang} />
                <RadioCard.ItemDescription>{r.city[lang]}</RadioCard.ItemDescription>
                {r.available > 0 ? (
                  <Text fontSize="xs" color="green.700" fontWeight="medium">
                    <FormattedMessage id="static.buy.available" values={{ count: r.available }} />
                  </Text>
                ) : (
                  <Badge colorPalette="gray" variant="subtle" alignSelf="flex-start">
                    <FormattedMessage id="static.buy.soldOut" />
                  </Badge>
                )}
              </ChoiceCard>
            ))}
          </ChoiceCardGroup>
        </>
      )}
    </Section>
  );
}

/** The durations on sale, shortest first, with the price per IP and the discount off the list price. */
export function DurationCards({
  type,
  durations,
  value,
  onChoose,
}: {
  type: ResourceType;
  durations: readonly StaticDuration[];
  value: StaticDuration | null;
  onChoose: (days: string | null) => void;
}) {
  const intl = useIntl();
  const money = (fen: number) => formatFen(fen, intl.locale);
  return (
    <Section title="static.buy.duration" titleId={`static-duration-label-${type}`}>
      {durations.length === 0 ? (
        <Text color="fg.muted" data-testid="static-durations-empty">
          <FormattedMessage id="static.buy.noDurations" />
        </Text>
      ) : (
        <ChoiceCardGroup
          value={value ? String(value.days) : null}
          onValueChange={(d) => onChoose(d.value)}
          size="sm"
          aria-labelledby={`static-duration-label-${type}`}
          columns={{ base: 2, md: 3, xl: 4 }}
          gap={3}
        >
          {durations.map((d) => {
            const off = discountPercent(d);
            return (
              <ChoiceCard
                key={d.days}
                value={String(d.days)}
                data-testid="static-duration"
                data-days={d.days}
                contentProps={{ gap: 1 }}
                indicator={false}
              >
                <HStack justify="space-between" width="full" gap={1} wrap="wrap">
                  <RadioCard.ItemText fontWeight="bold" whiteSpace="nowrap">
                    <FormattedMessage id="static.duration.days" values={{ days: d.days }} />
                  </RadioCard.ItemText>
                  {off > 0 ? (
                    <Badge colorPalette="red" variant="subtle" size="sm">
                      <FormattedMessage id="static.buy.off" values={{ percent: off }} />
                    </Badge>
                  ) : null}
                </HStack>
                <Text fontWeight="semibold" color="brand.700">
                  <FormattedMessage id="static.duration.perIp" values={{ price: money(d.priceFen) }} />
                </Text>
                {d.originalPriceFen > d.priceFen ? (
                  <Text as="s" color="fg.muted" fontSize="xs">
                    <VisuallyHidden>
                      <FormattedMessage id="static.buy.originalPrice" />{' '}
                    </VisuallyHidden>
                    {money(d.originalPriceFen)}
                  </Text>
                ) : null}
              </ChoiceCard>
            );
          })}
        </ChoiceCardGroup>
      )}
    </Section>
  );
}
