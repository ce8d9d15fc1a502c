import { Badge, Box, Card, HStack, Text } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, formatTraffic, OrderAccountType, type Quote } from '@portal/shared';
import { ChoiceCard, ChoiceCardGroup } from '@portal/shared/ui/forms';

/**
 * What is ordered (SPEC section 3, order page): traffic, price, validity, enterprise or personal,
 * fee and total. The account type is fixed once the order exists (`fixed`).
 */
export function OrderSummary({
  quote,
  orderNo,
  accountType,
  onAccountType,
  fixed,
}: {
  quote: Quote;
  orderNo: string | null;
  accountType: OrderAccountType;
  onAccountType: (type: OrderAccountType) => void;
  fixed: boolean;
}) {
  const intl = useIntl();
  const traffic = (mb: number) => formatTraffic(mb, intl.locale);
  const money = (fen: number) => formatFen(fen, intl.locale);
  return (
    <Card.Root data-testid="order-summary">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Card.Title as="h2">
            <FormattedMessage id="checkout.order.details" />
          </Card.Title>
          {orderNo !== null ? (
            <Text fontFamily="mono" fontSize="sm" color="fg.muted" data-testid="order-no">
              {orderNo}
            </Text>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body gap={3}>
        <Row label="checkout.order.traffic" testId="summary-traffic">
          {traffic(quote.trafficMb)}
          {quote.giftTrafficMb > 0 ? (
            <Badge ms={2} colorPalette="green">
              <FormattedMessage id="checkout.order.gift" values={{ traffic: traffic(quote.giftTrafficMb) }} />
            </Badge>
          ) : null}
        </Row>
        <Row label="checkout.order.price" testId="summary-price">
          {money(quote.rechargeAmountFen)}
        </Row>
        <Row label="checkout.order.validity">
          <FormattedMessage id="checkout.order.days" values={{ days: quote.validityDays }} />
        </Row>
        <Box>
          <Text color="fg.muted" mb={2} id="account-type-label">
            <FormattedMessage id="checkout.order.accountType" />
          </Text>
          <ChoiceCardGroup
            value={String(accountType)}
            onValueChange={(d) => onAccountType(Number(d.value) as OrderAccountType)}
            disabled={fixed}
            aria-labelledby="account-type-label"
            size="sm"
            columns={{ base: 1, sm: 2 }}
            gap={3}
          >
            {[OrderAccountType.Personal, OrderAccountType.Enterprise].map((type) => (
              <ChoiceCard key={type} value={String(type)} data-testid={`account-type-${type}`}>
                <RadioCard.ItemText>
                  <FormattedMessage id={`checkout.accountType.${type}`} />
                </RadioCard.ItemText>
                <RadioCard.ItemDescription>
                  <FormattedMessage id={`checkout.accountType.${type}.hint`} />
                </RadioCard.ItemDescription>
              </ChoiceCard>
            ))}
          </ChoiceCardGroup>
        </Box>
        <Row label="checkout.order.fee" testId="summary-fee">
          {money(quote.feeFen)}
        </Row>
        <Box borderTopWidth="1px" pt={3}>
          <Row label="checkout.order.total" testId="summary-total" strong>
            {money(quote.payAmountFen)}
          </Row>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function Row({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <HStack justify="space-between" align="center">
      <Text color="fg.muted">
        <FormattedMessage id={label} />
      </Text>
      <Text
        fontWeight={strong ? 'bold' : 'medium'}
        fontSize={strong ? 'xl' : 'md'}
        color={strong ? 'brand.700' : undefined}
        data-testid={testId}
      >
        {children}
      </Text>
    </HStack>
  );
}
