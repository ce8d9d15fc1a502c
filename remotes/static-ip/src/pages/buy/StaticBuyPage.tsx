import { Container, Stack, Text } from '@portal/shared/chakra';
import { Tabs } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { RESOURCE_TYPES, type StaticOrder } from '@portal/shared';
import { CertificationNotice, PageHeader } from '@portal/shared/ui';
import { parseResourceType } from '../../features/catalogue/calls.ts';
import { PayDialog } from '../../features/pay/PayDialog.tsx';
import { BuyPanel } from './BuyPanel.tsx';

/**
 * /admin/static/buy: static IPs of the four resource types (one tab each, `?type=`), by region,
 * duration and count; "Buy now" places the order and opens the payment.
 */
export default function StaticBuyPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const type = parseResourceType(params.get('type')) ?? RESOURCE_TYPES[0] ?? 1;
  const [order, setOrder] = useState<StaticOrder | null>(null);

  const selectType = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('type', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.staticBuy" descriptionId="static.buy.description" />
        <CertificationNotice />
        <Tabs.Root
          value={String(type)}
          onValueChange={(d) => selectType(d.value)}
          lazyMount
          unmountOnExit
          colorPalette="brand"
          variant="line"
        >
          <Tabs.List overflowX="auto" overflowY="hidden" aria-label={intl.formatMessage({ id: 'static.buy.types' })}>
            {RESOURCE_TYPES.map((t) => (
              <Tabs.Trigger key={t} value={String(t)} data-testid={`static-type-tab-${t}`} whiteSpace="nowrap" flexShrink={0}>
                <FormattedMessage id={`static.type.${t}`} />
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {RESOURCE_TYPES.map((t) => (
            <Tabs.Content key={t} value={String(t)} pt={5}>
              <Stack gap={5}>
                <Text color="fg.muted" fontSize="sm">
                  <FormattedMessage id={`static.type.${t}.hint`} />
                </Text>
                <BuyPanel type={t} onOrdered={setOrder} />
              </Stack>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
      <PayDialog order={order} onClose={() => setOrder(null)} />
    </Container>
  );
}
