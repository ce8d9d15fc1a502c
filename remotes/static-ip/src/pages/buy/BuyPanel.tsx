import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  HStack,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@portal/shared/chakra';
import { Field, Input, NumberInput, RadioCard } from '@portal/shared/chakra/deferred';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, StaticErrorCode, type StaticOrder } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { QueryFailure } from '@portal/shared/ui';
import { localeKey, regionLabel } from '../../common/format.ts';
import { createStaticOrder } from '../../features/catalogue/calls.ts';
import { useDurations, useRegions } from '../../features/catalogue/queries.ts';
import {
  clampCount,
  discountPercent,
  maxCount,
  parseCount,
  pickDuration,
  pickRegion,
  REMARK_MAX,
  sortDurations,
  totalFen,
} from '../../features/catalogue/selection.ts';

/** One resource type on the buy page: region, duration, count, remark, and the order summary. */
export function BuyPanel({ type, onOrdered }: { type: ResourceType; onOrdered: (order: StaticOrder) => void }) {
  const intl = useIntl();
  const regions = useRegions(type);
  const durations = useDurations(type);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const [countText, setCountText] = useState('1');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (regions.isError || durations.isError) {
    return <QueryFailure onRetry={() => void Promise.all([regions.refetch(), durations.refetch()])} />;
  }
  if (regions.isPending || durations.isPending) {
    return (
      <Stack gap={4} aria-busy="true">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={3}>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
            <Skeleton key={slot} height="96px" borderRadius="l3" />
          ))}
        </SimpleGrid>
        <Skeleton height="120px" borderRadius="l3" />
      </Stack>
    );
  }

  const lang = localeKey(intl.locale);
  const money = (fen: number) => formatFen(fen, intl.locale);
  const durationList = sortDurations(durations.data);
  const region = pickRegion(regions.data, regionId);
  const duration = pickDuration(durationList, days);
  const max = region ? maxCount(region.available) : 0;
  const count = parseCount(countText, max);
  const total = duration && count !== null ? totalFen(duration.priceFen, count) : null;
  const remarkTooLong = remark.trim().length > REMARK_MAX;
  const ready = region !== null && duration !== null && count !== null && !remarkTooLong;

  const chooseRegion = (id: number) => {
    setRegionId(id);
    setFailure(null);
    const next = regions.data.find((r) => r.id === id);
    const parsed = Number(countText);
    if (next) setCountText(String(clampCount(Number.isFinite(parsed) ? parsed : 1, maxCount(next.available))));
  };

  const buy = async () => {
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    try {
      const order = await createStaticOrder(type, {
        regionId: region.id,
        count,
        durationDays: duration.days,
        remark,
      });
      onOrdered(order);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') {
        setFailure(err.fieldErrors ? Object.values(err.fieldErrors)[0] || err.message : err.message);
        // Someone else bought the last IPs: show the stock as it is now.
        if (err.code === StaticErrorCode.OutOfStock || err.code === StaticErrorCode.RegionNotFound) void regions.refetch();
        if (err.code === StaticErrorCode.DurationNotOffered) void durations.refetch();
      } else if (err instanceof ApiError) {
        setFailure(intl.formatMessage({ id: 'static.buy.failed' }));
      } else throw err;
    } finally {
      setBusy(false);
    }
  };

  const soldOut = regions.data.length > 0 && regions.data.every((r) => r.available === 0);

  return (
    <Flex gap={6} direction={{ base: 'column', lg: 'row' }} align="stretch">
      <Stack flex="1" gap={5} minW={0}>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2" id={`static-region-label-${type}`}>
              <FormattedMessage id="static.buy.region" />
            </Card.Title>
          </Card.Header>
          <Card.Body gap={3}>
            {regions.data.length === 0 ? (
              <Text color="fg.muted" data-testid="static-regions-empty">
                <FormattedMessage id="static.buy.noRegions" />
              </Text>
            ) : (
              <>
                {soldOut ? (
                  <Alert.Root status="warning" size="sm" data-testid="static-sold-out">
                    <Alert.Indicator />
                    <Alert.Title>
                      <FormattedMessage id="static.buy.allSoldOut" />
                    </Alert.Title>
                  </Alert.Root>
                ) : null}
                <RadioCard.Root
                  value={region ? String(region.id) : null}
                  onValueChange={(d) => d.value && chooseRegion(Number(d.value))}
                  colorPalette="brand"
                  size="sm"
                  aria-labelledby={`static-region-label-${type}`}
                >
                  <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap={3}>
                    {regions.data.map((r) => (
                      <RadioCard.Item
                        key={r.id}
                        value={String(r.id)}
                        disabled={r.available === 0}
                        data-testid="static-region"
                        data-region-id={r.id}
                        data-available={r.available}
                      >
                        <RadioCard.ItemHiddenInput />
                        <RadioCard.ItemControl>
                          <RadioCard.ItemContent gap={1}>
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
                                {r.countryCode}
                              </Text>
                              <RadioCard.ItemText fontWeight="semibold">{r.country[lang]}</RadioCard.ItemText>
                            </HStack>
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
                          </RadioCard.ItemContent>
                          <RadioCard.ItemIndicator />
                        </RadioCard.ItemControl>
                      </RadioCard.Item>
                    ))}
                  </SimpleGrid>
                </RadioCard.Root>
              </>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2" id={`static-duration-label-${type}`}>
              <FormattedMessage id="static.buy.duration" />
            </Card.Title>
          </Card.Header>
          <Card.Body>
            {durationList.length === 0 ? (
              <Text color="fg.muted" data-testid="static-durations-empty">
                <FormattedMessage id="static.buy.noDurations" />
              </Text>
            ) : (
              <RadioCard.Root
                value={duration ? String(duration.days) : null}
                onValueChange={(d) => {
                  if (d.value) setDays(Number(d.value));
                  setFailure(null);
                }}
                colorPalette="brand"
                size="sm"
                aria-labelledby={`static-duration-label-${type}`}
              >
                <SimpleGrid columns={{ base: 2, md: 3, xl: 4 }} gap={3}>
                  {durationList.map((d) => {
                    const off = discountPercent(d);
                    return (
                      <RadioCard.Item key={d.days} value={String(d.days)} data-testid="static-duration" data-days={d.days}>
                        <RadioCard.ItemHiddenInput />
                        <RadioCard.ItemControl>
                          <RadioCard.ItemContent gap={1}>
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
                          </RadioCard.ItemContent>
                        </RadioCard.ItemControl>
                      </RadioCard.Item>
                    );
                  })}
                </SimpleGrid>
              </RadioCard.Root>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">
              <FormattedMessage id="static.buy.details" />
            </Card.Title>
          </Card.Header>
          <Card.Body gap={5}>
            <Stack gap={1.5}>
              <NumberInput.Root
                unstyled
                value={countText}
                onValueChange={(d) => {
                  setCountText(d.value);
                  setFailure(null);
                }}
                min={1}
                max={Math.max(1, max)}
                step={1}
                disabled={max === 0}
                invalid={max > 0 && count === null}
                inputMode="numeric"
                formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
                translations={{
                  incrementLabel: intl.formatMessage({ id: 'static.buy.countMore' }),
                  decrementLabel: intl.formatMessage({ id: 'static.buy.countLess' }),
                }}
              >
                <NumberInput.Label fontWeight="medium" fontSize="sm" display="block" mb={1.5}>
                  <FormattedMessage id="static.buy.count" />
                </NumberInput.Label>
                <HStack gap={2}>
                  <NumberInput.DecrementTrigger asChild>
                    <IconButton variant="outline" size="md" fontSize="lg">
                      −
                    </IconButton>
                  </NumberInput.DecrementTrigger>
                  <NumberInput.Input asChild>
                    <Input data-testid="static-count" w="24" textAlign="center" aria-describedby={`static-count-hint-${type}`} />
                  </NumberInput.Input>
                  <NumberInput.IncrementTrigger asChild>
                    <IconButton variant="outline" size="md" fontSize="lg">
                      +
                    </IconButton>
                  </NumberInput.IncrementTrigger>
                </HStack>
              </NumberInput.Root>
              <Text
                id={`static-count-hint-${type}`}
                fontSize="sm"
                color={max > 0 && count === null ? 'red.700' : 'fg.muted'}
                data-testid="static-count-hint"
              >
                {max > 0 ? (
                  <FormattedMessage id="static.buy.countRange" values={{ max }} />
                ) : (
                  <FormattedMessage id="static.buy.chooseRegion" />
                )}
              </Text>
            </Stack>
            <Field.Root invalid={remarkTooLong}>
              <Field.Label>
                <FormattedMessage id="static.buy.remark" />
              </Field.Label>
              <Input
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
                maxLength={REMARK_MAX}
                placeholder={intl.formatMessage({ id: 'static.buy.remarkPlaceholder' })}
                data-testid="static-buy-remark"
              />
              <Field.HelperText>
                <FormattedMessage id="static.remark.length" values={{ length: remark.length, max: REMARK_MAX }} />
              </Field.HelperText>
            </Field.Root>
          </Card.Body>
        </Card.Root>
      </Stack>

      <Card.Root
        width={{ base: 'full', lg: '340px' }}
        flexShrink={0}
        alignSelf="flex-start"
        position={{ lg: 'sticky' }}
        top={{ lg: '88px' }}
        data-testid="static-summary"
      >
        <Card.Header>
          <Card.Title as="h2">
            <FormattedMessage id="static.buy.summary" />
          </Card.Title>
        </Card.Header>
        <Card.Body gap={2}>
          <SummaryRow label="static.buy.summaryType">
            <FormattedMessage id={`static.type.${type}`} />
          </SummaryRow>
          <SummaryRow label="static.buy.region" testId="static-summary-region">
            {region ? regionLabel(region, intl.locale) : '—'}
          </SummaryRow>
          <SummaryRow label="static.buy.duration">
            {duration ? <FormattedMessage id="static.duration.days" values={{ days: duration.days }} /> : '—'}
          </SummaryRow>
          <SummaryRow label="static.buy.count">{count ?? '—'}</SummaryRow>
          <SummaryRow label="static.buy.pricePerIp">{duration ? money(duration.priceFen) : '—'}</SummaryRow>
          <HStack justify="space-between" borderTopWidth="1px" pt={3} mt={1}>
            <Text fontWeight="medium">
              <FormattedMessage id="static.buy.total" />
            </Text>
            <Text fontWeight="bold" fontSize="xl" color="brand.700" data-testid="static-total">
              {total === null ? '—' : money(total)}
            </Text>
          </HStack>
          {failure ? (
            <Alert.Root status="error" size="sm" data-testid="static-buy-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Card.Body>
        <Card.Footer flexDirection="column" alignItems="stretch" gap={2}>
          <Button
            colorPalette="brand"
            size="lg"
            width="full"
            disabled={!ready}
            loading={busy}
            onClick={() => void buy()}
            data-testid="static-buy"
          >
            <FormattedMessage id="static.buy.buyNow" />
          </Button>
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="static.buy.payNote" />
          </Text>
        </Card.Footer>
      </Card.Root>
    </Flex>
  );
}

function SummaryRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <HStack justify="space-between" align="flex-start" gap={3}>
      <Text color="fg.muted" flexShrink={0}>
        <FormattedMessage id={label} />
      </Text>
      <Text fontWeight="medium" textAlign="end" data-testid={testId}>
        {children}
      </Text>
    </HStack>
  );
}
