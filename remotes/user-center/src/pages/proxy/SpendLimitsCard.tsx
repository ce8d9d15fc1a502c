import { Button, Card, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { type AccountSpend, api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { ActionFailure } from '@portal/shared/ui';
import { gbText, parseGb } from './capUsage.ts';
import { UsageBar } from './UsageBar.tsx';
import { useAccountChange } from './useProxyAccounts.ts';

/**
 * The whole account's daily and monthly spend limits (decision 0050): what today and this month
 * have used against them, and a form to set them. At a limit every proxy account pauses until the
 * period ends.
 */
export function SpendLimitsCard({ spend }: { spend: AccountSpend }) {
  const [daily, setDaily] = useState(gbText(spend.dailyLimitMb));
  const [monthly, setMonthly] = useState(gbText(spend.monthlyLimitMb));
  const [busy, setBusy] = useState(false);
  const { run, failure } = useAccountChange();
  const dailyMb = parseGb(daily);
  const monthlyMb = parseGb(monthly);
  const changed = dailyMb?.mb !== spend.dailyLimitMb || monthlyMb?.mb !== spend.monthlyLimitMb;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!dailyMb || !monthlyMb) return;
    setBusy(true);
    await run(
      () => callApi(api.proxySpendLimitsUpdate, { body: { dailyLimitMb: dailyMb.mb, monthlyLimitMb: monthlyMb.mb } }),
      'uc.proxy.spend.saved',
      'uc.proxy.spend.saveFail',
    );
    setBusy(false);
  };

  return (
    <Card.Root data-testid="spend-limits">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.proxy.spend.title" />
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.proxy.spend.hint" />
        </Text>
      </Card.Header>
      <Card.Body gap={4}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <PeriodUsage
            titleId="uc.proxy.spend.today"
            usedMb={spend.todayUsedMb}
            limitMb={spend.dailyLimitMb}
            pausedId="uc.proxy.spend.pausedDay"
            testId="spend-today"
          />
          <PeriodUsage
            titleId="uc.proxy.spend.month"
            usedMb={spend.monthUsedMb}
            limitMb={spend.monthlyLimitMb}
            pausedId="uc.proxy.spend.pausedMonth"
            testId="spend-month"
          />
        </SimpleGrid>
        <form onSubmit={(e) => void save(e)} noValidate>
          <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }} gap={3}>
            <LimitField
              labelId="uc.proxy.limit.dailyGb"
              value={daily}
              onChange={setDaily}
              invalid={!dailyMb}
              testId="spend-daily"
            />
            <LimitField
              labelId="uc.proxy.limit.monthlyGb"
              value={monthly}
              onChange={setMonthly}
              invalid={!monthlyMb}
              testId="spend-monthly"
            />
            <Button
              type="submit"
              colorPalette="brand"
              variant="outline"
              mt={{ md: 6 }}
              loading={busy}
              disabled={!dailyMb || !monthlyMb || !changed}
              data-testid="spend-save"
            >
              <FormattedMessage id="uc.proxy.spend.save" />
            </Button>
          </Stack>
        </form>
        <ActionFailure message={failure} testId="spend-error" />
      </Card.Body>
    </Card.Root>
  );
}

/** One period's usage of the whole account against its limit. */
function PeriodUsage({
  titleId,
  usedMb,
  limitMb,
  pausedId,
  testId,
}: {
  titleId: string;
  usedMb: number;
  limitMb: number | null;
  pausedId: string;
  testId: string;
}) {
  return (
    <Stack gap={1}>
      <Text fontSize="sm" fontWeight="medium">
        <FormattedMessage id={titleId} />
      </Text>
      <UsageBar
        usedMb={usedMb}
        limitMb={limitMb}
        ofId="uc.proxy.used.ofLimit"
        unlimitedId="uc.proxy.spend.noLimit"
        pausedId={pausedId}
        testId={testId}
      />
    </Stack>
  );
}

/** A limit in GB, empty for none: the account's card and the sub-account's dialog share it. */
export function LimitField({
  labelId,
  value,
  onChange,
  invalid,
  testId,
}: {
  labelId: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  testId: string;
}) {
  return (
    <Field.Root invalid={invalid} maxW={{ md: '3xs' }}>
      <Field.Label>
        <FormattedMessage id={labelId} />
      </Field.Label>
      <Input inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      {invalid ? (
        <Field.ErrorText>
          <FormattedMessage id="uc.proxy.limit.invalid" />
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
