import { Badge, Box, Button, Card, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from '../chakra.ts';
import { Field, Input, RadioCard } from '../chakra-deferred.ts';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../router.ts';
import { payPageFor } from '../../commerce/pay-channel.ts';
import { formatFen, OrderAccountType, perGbFen, quoteCustom, quotePackage } from '../../commerce/pricing.ts';
import { detectPayDevice } from '../../device/pay-device.ts';
import { formatTraffic } from '../../format/traffic.ts';
import { primaryAction } from '../../state/ui.ts';
import { RoleLimitNote, useTeamCan } from '../RoleGate.tsx';
import { useLocalePath } from '../useLocalePath.ts';
import { useCustomRule, usePackages } from './catalogue.ts';
import { ChoiceCard, ChoiceCardGroup } from './ChoiceCards.tsx';
import { QueryFailure } from './QueryFailure.tsx';
import { StickyBuyBar } from './StickyBuyBar.tsx';
import { SummaryCard } from './SummaryCard.tsx';

const CUSTOM = 'custom';

export interface BuyTrafficProps {
  /**
   * Where "Buy now" goes: `/h5/pay` for the phone pages; without it, where the device pays
   * (commerce/pay-channel.ts: `/h5/pay` on phones, `/order` on desktops), read at the click. The
   * choice travels as `?package=` or `?gb=`.
   */
  next?: '/order' | '/h5/pay';
  /** Phones: one column, no side summary. */
  compact?: boolean;
}

/**
 * Choosing dynamic residential traffic: the packages on sale or a custom amount priced live by the
 * shared pricing rules (the same code the server charges with). Used by /buy, /h5 and /admin/dynamic/buy.
 */
export function BuyTraffic({ next, compact = false }: BuyTrafficProps) {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const canBuy = useTeamCan('buy');
  const packages = usePackages();
  const rule = useCustomRule();
  // `?package=<id>` (the link of a low-balance alert) preselects that package while it is on sale.
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(null);
  const [customGb, setCustomGb] = useState('100');

  const list = packages.data ?? [];
  const requested = list.find((p) => String(p.id) === search.get('package'));
  const fallback = requested ?? list.find((p) => p.tags.includes('popular')) ?? list[0];
  const choice = selected ?? (fallback ? String(fallback.id) : null);
  const pkg = list.find((p) => String(p.id) === choice);

  const gb = /^\d+$/.test(customGb.trim()) ? Number(customGb.trim()) : Number.NaN;
  const customQuote = useMemo(
    () => (rule.data && Number.isInteger(gb) ? quoteCustom(rule.data, gb, OrderAccountType.Personal) : null),
    [rule.data, gb],
  );
  const quote = choice === CUSTOM ? customQuote : pkg ? quotePackage(pkg, OrderAccountType.Personal) : null;
  const traffic = (mb: number) => formatTraffic(mb, intl.locale);
  const money = (fen: number) => formatFen(fen, intl.locale);

  if (packages.isError || rule.isError) {
    return <QueryFailure onRetry={() => void Promise.all([packages.refetch(), rule.refetch()])} />;
  }
  if (packages.isPending || rule.isPending) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, xl: compact ? 2 : 3 }} gap={4} aria-busy="true">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
          <Skeleton key={slot} height="160px" borderRadius="l3" />
        ))}
      </SimpleGrid>
    );
  }

  const buy = () => {
    if (!quote) return;
    const query = choice === CUSTOM ? `gb=${gb}` : `package=${pkg?.id}`;
    navigate(to(`${next ?? payPageFor(detectPayDevice())}?${query}`));
  };

  const customError =
    choice === CUSTOM && !customQuote
      ? intl.formatMessage({ id: 'shared.buy.customRange' }, { min: rule.data.minGb, max: rule.data.maxGb })
      : null;

  return (
    <Flex gap={6} direction={{ base: 'column', lg: compact ? 'column' : 'row' }} align="stretch">
      <Stack flex="1" gap={4} minW={0}>
        {canBuy ? null : <RoleLimitNote permission="buy" testId="buy-role-limit" />}
        <ChoiceCardGroup
          value={choice}
          onValueChange={(d) => setSelected(d.value)}
          orientation="vertical"
          align="start"
          aria-label={intl.formatMessage({ id: 'shared.buy.choose' })}
          columns={{ base: 1, sm: 2, xl: compact ? 2 : 3 }}
          gap={4}
        >
          {list.map((p) => (
            <ChoiceCard
              key={p.id}
              value={String(p.id)}
              data-testid="package-card"
              data-package-id={p.id}
              contentProps={{ gap: 1, width: 'full' }}
            >
              <HStack justify="space-between" width="full" align="flex-start" gap={2}>
                <RadioCard.ItemText fontSize="2xl" fontWeight="bold" whiteSpace="nowrap">
                  {traffic(p.trafficMb)}
                </RadioCard.ItemText>
                {p.tags.map((tag) => (
                  <Badge key={tag} colorPalette={tag === 'popular' ? 'red' : 'brand'} variant="solid">
                    <FormattedMessage id={`shared.buy.tag.${tag}`} />
                  </Badge>
                ))}
              </HStack>
              {p.giftTrafficMb > 0 ? (
                <Text color="green.700" fontSize="sm" fontWeight="medium">
                  <FormattedMessage id="shared.buy.gift" values={{ traffic: traffic(p.giftTrafficMb) }} />
                </Text>
              ) : null}
              <HStack gap={2} align="baseline" wrap="wrap" rowGap={0}>
                <Text fontSize="xl" fontWeight="semibold" color="brand.700">
                  {money(p.priceFen)}
                </Text>
                {p.originalPriceFen > p.priceFen ? (
                  <Text as="s" color="fg.muted" fontSize="sm">
                    {money(p.originalPriceFen)}
                  </Text>
                ) : null}
              </HStack>
              <RadioCard.ItemDescription>
                <FormattedMessage id="shared.buy.perGbValidity" values={{ price: money(perGbFen(p)), days: p.validityDays }} />
              </RadioCard.ItemDescription>
            </ChoiceCard>
          ))}
          <ChoiceCard value={CUSTOM} data-testid="package-custom" contentProps={{ gap: 1 }}>
            <RadioCard.ItemText fontSize="xl" fontWeight="bold">
              <FormattedMessage id="shared.buy.custom" />
            </RadioCard.ItemText>
            <RadioCard.ItemDescription>
              <FormattedMessage
                id="shared.buy.customHint"
                values={{
                  min: rule.data.minGb,
                  max: rule.data.maxGb,
                  from: money(rule.data.tiers[rule.data.tiers.length - 1]?.unitPriceFen ?? 0),
                }}
              />
            </RadioCard.ItemDescription>
          </ChoiceCard>
        </ChoiceCardGroup>

        {choice === CUSTOM ? (
          <Card.Root variant="outline">
            <Card.Body gap={3}>
              <Field.Root invalid={customError !== null}>
                <Field.Label>
                  <FormattedMessage id="shared.buy.customAmount" />
                </Field.Label>
                <HStack maxW="xs">
                  <Input
                    inputMode="numeric"
                    value={customGb}
                    onChange={(e) => setCustomGb(e.target.value)}
                    data-testid="custom-gb"
                    aria-describedby="custom-gb-tiers"
                  />
                  <Text fontWeight="medium">GB</Text>
                </HStack>
                {customError ? <Field.ErrorText>{customError}</Field.ErrorText> : null}
              </Field.Root>
              <Box id="custom-gb-tiers" fontSize="sm" color="fg.muted">
                <Text fontWeight="medium" color="fg">
                  <FormattedMessage id="shared.buy.tiers" />
                </Text>
                <Flex wrap="wrap" gap={2} mt={1}>
                  {rule.data.tiers.map((tier, i) => {
                    const upTo = rule.data.tiers[i + 1]?.minGb;
                    return (
                      <Badge key={tier.minGb} variant="subtle" size="md">
                        {upTo
                          ? intl.formatMessage(
                              { id: 'shared.buy.tierRange' },
                              { from: tier.minGb, to: upTo - 1, price: money(tier.unitPriceFen) },
                            )
                          : intl.formatMessage(
                              { id: 'shared.buy.tierFrom' },
                              { from: tier.minGb, price: money(tier.unitPriceFen) },
                            )}
                      </Badge>
                    );
                  })}
                </Flex>
              </Box>
            </Card.Body>
          </Card.Root>
        ) : null}
        {compact ? null : (
          <StickyBuyBar
            testId="buy-bar"
            caption={
              quote ? (
                <FormattedMessage
                  id="shared.buy.barChoice"
                  values={{ traffic: traffic(quote.trafficMb + quote.giftTrafficMb), days: quote.validityDays }}
                />
              ) : (
                <FormattedMessage id="shared.buy.pick" />
              )
            }
            captionTestId="buy-bar-choice"
            price={quote ? money(quote.rechargeAmountFen) : '—'}
            priceTestId="buy-bar-price"
            button={{ label: <FormattedMessage id="shared.buy.buyNow" />, testId: 'buy-bar-button' }}
            disabled={!quote || !canBuy}
            onBuy={buy}
          />
        )}
      </Stack>

      <SummaryCard
        title={<FormattedMessage id="shared.buy.summary" />}
        width={compact ? 'full' : '320px'}
        sticky={!compact}
        testId="buy-summary"
      >
        <Card.Body gap={2}>
          {quote ? (
            <>
              <SummaryRow label="shared.buy.traffic" value={traffic(quote.trafficMb)} />
              {quote.giftTrafficMb > 0 ? (
                <SummaryRow label="shared.buy.giftLabel" value={`+${traffic(quote.giftTrafficMb)}`} />
              ) : null}
              <SummaryRow
                label="shared.buy.validity"
                value={intl.formatMessage({ id: 'shared.buy.days' }, { days: quote.validityDays })}
              />
              <SummaryRow label="shared.buy.price" value={money(quote.rechargeAmountFen)} strong />
              <Text fontSize="xs" color="fg.muted">
                <FormattedMessage id="shared.buy.feeNote" />
              </Text>
            </>
          ) : (
            <Text color="fg.muted">
              <FormattedMessage id="shared.buy.pick" />
            </Text>
          )}
          <Stack as="ul" gap={1} fontSize="sm" color="fg.muted" pt={2} listStyleType="none">
            {(['ips', 'targeting', 'protocols', 'uptime'] as const).map((k) => (
              <li key={k}>
                ✓ <FormattedMessage id={`shared.buy.feature.${k}`} />
              </li>
            ))}
          </Stack>
        </Card.Body>
        {compact ? null : (
          <Card.Footer>
            <Button
              colorPalette="brand"
              width="full"
              size="lg"
              disabled={!quote || !canBuy}
              onClick={buy}
              data-testid="buy-now"
              {...primaryAction}
            >
              <FormattedMessage id="shared.buy.buyNow" />
            </Button>
          </Card.Footer>
        )}
      </SummaryCard>
      {compact ? (
        // Phones: the price and the button stay in reach while scrolling the packages.
        <HStack
          position="sticky"
          bottom={0}
          bg="bg"
          borderTopWidth="1px"
          boxShadow="0 -4px 12px rgba(0,0,0,0.06)"
          mx={-3}
          px={4}
          py={3}
          justify="space-between"
          zIndex="sticky"
        >
          <Text fontWeight="bold" fontSize="lg" color="brand.700">
            {quote ? money(quote.rechargeAmountFen) : '—'}
          </Text>
          <Button
            colorPalette="brand"
            size="lg"
            disabled={!quote || !canBuy}
            onClick={buy}
            data-testid="buy-now"
            {...primaryAction}
          >
            <FormattedMessage id="shared.buy.buyNow" />
          </Button>
        </HStack>
      ) : null}
    </Flex>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <HStack justify="space-between">
      <Text color="fg.muted">
        <FormattedMessage id={label} />
      </Text>
      <Text fontWeight={strong ? 'bold' : 'medium'} fontSize={strong ? 'lg' : 'md'}>
        {value}
      </Text>
    </HStack>
  );
}
