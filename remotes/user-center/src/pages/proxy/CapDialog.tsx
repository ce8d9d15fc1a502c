import { Button, CloseButton, Portal, Stack, Text } from '@portal/shared/chakra';
import { Dialog, Field, Input, NativeSelect } from '@portal/shared/chakra/deferred';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, type CapPeriod, type ProxyAccount } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { gbText, parseGb } from './capUsage.ts';
import { LimitField } from './SpendLimitsCard.tsx';
import type { RunChange } from './useProxyAccounts.ts';

/** Changing a sub-account's traffic cap, what it counts, and its spend limits; an empty field removes one. */
export function CapDialog({ account, onClose, run }: { account: ProxyAccount | null; onClose: () => void; run: RunChange }) {
  return (
    <Dialog.Root open={account !== null} onOpenChange={(d) => (d.open ? null : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="proxy-cap-dialog" mx={3}>
            {account ? <CapForm key={account.id} account={account} onClose={onClose} run={run} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CapForm({ account, onClose, run }: { account: ProxyAccount; onClose: () => void; run: RunChange }) {
  const intl = useIntl();
  const [capGb, setCapGb] = useState(gbText(account.trafficCapMb));
  const [period, setPeriod] = useState<CapPeriod>(account.capPeriod);
  const [daily, setDaily] = useState(gbText(account.dailyLimitMb));
  const [monthly, setMonthly] = useState(gbText(account.monthlyLimitMb));
  const [busy, setBusy] = useState(false);
  const parsed = parseGb(capGb);
  const dailyMb = parseGb(daily);
  const monthlyMb = parseGb(monthly);
  const valid = parsed && dailyMb && monthlyMb;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    await run(
      () =>
        callApi(api.proxyAccountUpdate, {
          body: {
            id: account.id,
            trafficCapMb: parsed.mb,
            capPeriod: period,
            dailyLimitMb: dailyMb.mb,
            monthlyLimitMb: monthlyMb.mb,
          },
        }),
      'uc.proxy.edited',
      'uc.proxy.editFail',
    );
    setBusy(false);
    onClose();
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id="uc.proxy.cap.title" />
        </Dialog.Title>
        <Text fontFamily="mono" fontSize="sm" color="fg.muted" wordBreak="break-all">
          {account.username}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={3}>
          <CapFields capGb={capGb} onCapGb={setCapGb} period={period} onPeriod={setPeriod} invalid={!parsed} autoFocus />
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.proxy.cap.hint" />
          </Text>
          <LimitField labelId="uc.proxy.limit.dailyGb" value={daily} onChange={setDaily} invalid={!dailyMb} testId="sub-daily" />
          <LimitField
            labelId="uc.proxy.limit.monthlyGb"
            value={monthly}
            onChange={setMonthly}
            invalid={!monthlyMb}
            testId="sub-monthly"
          />
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.proxy.limit.subHint" />
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose}>
          <FormattedMessage id="uc.proxy.cap.cancel" />
        </Button>
        <Button type="submit" colorPalette="brand" loading={busy} disabled={!valid} data-testid="proxy-cap-save">
          <FormattedMessage id="uc.proxy.cap.save" />
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'uc.proxy.cap.close' })} />
      </Dialog.CloseTrigger>
    </form>
  );
}

/** The cap in GB and its period: the add form and the dialog share these two fields. */
export function CapFields({
  capGb,
  onCapGb,
  period,
  onPeriod,
  invalid,
  autoFocus = false,
}: {
  capGb: string;
  onCapGb: (v: string) => void;
  period: CapPeriod;
  onPeriod: (p: CapPeriod) => void;
  invalid: boolean;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  return (
    <>
      <Field.Root invalid={invalid} maxW={{ md: '3xs' }}>
        <Field.Label>
          <FormattedMessage id="uc.proxy.capGb" />
        </Field.Label>
        <Input
          inputMode="decimal"
          value={capGb}
          onChange={(e) => onCapGb(e.target.value)}
          autoFocus={autoFocus}
          data-testid="sub-cap"
        />
        {invalid ? (
          <Field.ErrorText>
            <FormattedMessage id="uc.proxy.cap.invalid" />
          </Field.ErrorText>
        ) : null}
      </Field.Root>
      <Field.Root maxW={{ md: '3xs' }}>
        <Field.Label>
          <FormattedMessage id="uc.proxy.cap.period" />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={period} onChange={(e) => onPeriod(e.target.value as CapPeriod)} data-testid="sub-cap-period">
            <option value="month">{intl.formatMessage({ id: 'uc.proxy.cap.month' })}</option>
            <option value="total">{intl.formatMessage({ id: 'uc.proxy.cap.total' })}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </>
  );
}
