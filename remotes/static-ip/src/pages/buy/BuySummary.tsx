import { Button, Card, HStack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType } from '@portal/shared';
import { primaryAction } from '@portal/shared/browser';
import { ActionFailure, SummaryCard } from '@portal/shared/ui';
import { regionLabel } from '../../common/format.ts';
import type { BuyForm } from './useBuyForm.ts';

/** The order as chosen so far, its total, and "Buy now" (which places it; paying comes next). */
export function BuySummary({ type, form }: { type: ResourceType; form: BuyForm }) {
  const intl = useIntl();
  const money = (fen: number) => formatFen(fen, intl.locale);
  const { region, duration, count, total } = form;
  return (
    <SummaryCard title={<FormattedMessage id="static.buy.summary" />} width="340px" testId="static-summary">
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
        <ActionFailure message={form.failure} testId="static-buy-error" size="sm" />
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap={2}>
        <Button
          colorPalette="brand"
          size="lg"
          width="full"
          disabled={!form.ready}
          loading={form.busy}
          onClick={form.buy}
          data-testid="static-buy"
          {...primaryAction}
        >
          <FormattedMessage id="static.buy.buyNow" />
        </Button>
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="static.buy.payNote" />
        </Text>
      </Card.Footer>
    </SummaryCard>
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
