import { Box, Button, Card, Container, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Field, Input, NativeSelect } from '@portal/shared/chakra/deferred';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { api, toCsv, type UsageBreakdown } from '@portal/shared';
import { callApi, downloadText } from '@portal/shared/browser';
import { type ListColumn, LoadFailure, message, PageHeader, ResponsiveTable } from '@portal/shared/ui';
import { UsageBreakdownChart } from './UsageBreakdownChart.tsx';
import {
  buckets as toBuckets,
  chartSeries,
  failureRate,
  formatBytes,
  groupId,
  groupLabel,
  usageCsv,
  usageCsvName,
} from './usageData.ts';
import {
  addDays,
  breakdownQuery,
  browserTimeZone,
  hourlyAllowed,
  parseUsageState,
  USAGE_PRESETS,
  type UsageState,
  usageStateParams,
  zoneDate,
} from './usageState.ts';
import { USAGE_GROUPS, USAGE_MAX_DAYS, USAGE_MAX_HOURLY_DAYS } from '@portal/shared';

type Row = UsageBreakdown['groups'][number] & { total?: boolean };

/** The choices, kept in the URL so a reload or a shared link shows the same breakdown. */
function useUsageState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseUsageState(params), [params]);
  const update = (changes: Partial<UsageState>) => setParams(usageStateParams({ ...state, ...changes }), { replace: true });
  return [state, update] as const;
}

/**
 * /admin/usage: traffic and requests by day or hour for a range of up to 90 days, split by
 * sub-account, target domain or country, in UTC+0 or the user's own time zone; a stacked chart,
 * a table of the groups and the CSV of what is shown.
 */
export default function UsagePage() {
  const intl = useIntl();
  const [state, update] = useUsageState();
  const [now] = useState(() => Date.now());
  const localZone = useMemo(browserTimeZone, []);
  const timeZone = state.zone === 'local' ? localZone : 'UTC';
  const { range, query } = breakdownQuery(state, timeZone, now);
  const hourOk = !range.invalid && hourlyAllowed(range);
  const usage = useQuery({
    queryKey: ['usage-breakdown', query],
    queryFn: () => (query ? callApi(api.usageBreakdown, { query }) : Promise.reject(new Error('no range'))),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = query ? usage.data : undefined;
  const zoneName = timeZone === 'UTC' ? 'UTC+0' : timeZone;

  const download = () => {
    if (!data) return;
    const csv = usageCsv(data, intl);
    downloadText(usageCsvName(range.firstDay, range.lastDay), toCsv(csv.header, csv.rows), 'text/csv;charset=utf-8');
    message('success', intl.formatMessage({ id: 'shared.list.exported' }, { count: csv.rows.length }));
  };

  const today = zoneDate(now, timeZone);
  const select = (
    labelId: string,
    testId: string,
    value: string,
    options: { value: string; label: string; disabled?: boolean }[],
    onChange: (v: string) => void,
    hint?: ReactNode,
  ) => (
    <Field.Root w={{ base: 'full', sm: '48' }}>
      <Field.Label fontSize="sm">
        <FormattedMessage id={labelId} />
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint ? <Field.HelperText data-testid={`${testId}-hint`}>{hint}</Field.HelperText> : null}
    </Field.Root>
  );

  const presetChange = (value: string) => {
    const preset = value as UsageState['preset'];
    if (preset === 'custom')
      update({ preset, from: range.invalid ? addDays(today, -6) : range.firstDay, to: range.invalid ? today : range.lastDay });
    else update({ preset, from: '', to: '' });
  };

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.usage" descriptionId="uc.usage.description" />
        <Card.Root>
          <Card.Body>
            <Flex gap={4} wrap="wrap" align="flex-start" data-testid="usage-controls">
              {select(
                'uc.usage.range',
                'usage-range',
                state.preset,
                USAGE_PRESETS.map((p) => ({ value: p, label: intl.formatMessage({ id: `uc.usage.preset.${p}` }) })),
                presetChange,
              )}
              {state.preset === 'custom' ? (
                <>
                  <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(range.invalid)}>
                    <Field.Label fontSize="sm">
                      <FormattedMessage id="uc.usage.from" />
                    </Field.Label>
                    <Input
                      type="date"
                      size="sm"
                      data-testid="usage-from"
                      value={state.from}
                      max={state.to || today}
                      onChange={(e) => e.target.value && update({ from: e.target.value })}
                    />
                  </Field.Root>
                  <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(range.invalid)}>
                    <Field.Label fontSize="sm">
                      <FormattedMessage id="uc.usage.to" />
                    </Field.Label>
                    <Input
                      type="date"
                      size="sm"
                      data-testid="usage-to"
                      value={state.to}
                      min={state.from || undefined}
                      max={today}
                      onChange={(e) => e.target.value && update({ to: e.target.value })}
                    />
                    {range.invalid ? (
                      <Field.ErrorText data-testid="usage-range-error">
                        {intl.formatMessage({ id: range.invalid }, { days: USAGE_MAX_DAYS })}
                      </Field.ErrorText>
                    ) : null}
                  </Field.Root>
                </>
              ) : null}
              {select(
                'uc.usage.granularity',
                'usage-granularity',
                hourOk ? state.granularity : 'day',
                [
                  { value: 'day', label: intl.formatMessage({ id: 'uc.usage.granularity.day' }) },
                  { value: 'hour', label: intl.formatMessage({ id: 'uc.usage.granularity.hour' }), disabled: !hourOk },
                ],
                (v) => update({ granularity: v as UsageState['granularity'] }),
                hourOk ? undefined : (
                  <FormattedMessage id="uc.usage.granularity.hourTooLong" values={{ days: USAGE_MAX_HOURLY_DAYS }} />
                ),
              )}
              {select(
                'uc.usage.groupBy',
                'usage-group-by',
                state.groupBy,
                USAGE_GROUPS.map((g) => ({ value: g, label: intl.formatMessage({ id: `uc.usage.groupBy.${g}` }) })),
                (v) => update({ groupBy: v as UsageState['groupBy'] }),
              )}
              {select(
                'uc.usage.zone',
                'usage-zone',
                state.zone,
                [
                  { value: 'utc', label: intl.formatMessage({ id: 'uc.usage.zone.utc' }) },
                  { value: 'local', label: intl.formatMessage({ id: 'uc.usage.zone.local' }, { zone: localZone }) },
                ],
                (v) => update({ zone: v as UsageState['zone'] }),
              )}
            </Flex>
          </Card.Body>
        </Card.Root>

        {query === null ? null : usage.isError && !data ? (
          <LoadFailure
            error={usage.error}
            messageId="uc.usage.loadFailed"
            onRetry={() => void usage.refetch()}
            retrying={usage.isFetching}
          />
        ) : !data ? (
          <Stack gap={6} data-testid="usage-loading" aria-busy>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap={4}>
              <Skeleton h="20" borderRadius="md" />
              <Skeleton h="20" borderRadius="md" />
              <Skeleton h="20" borderRadius="md" />
            </SimpleGrid>
            <Skeleton h="240px" borderRadius="md" />
            <Skeleton h="32" borderRadius="md" />
          </Stack>
        ) : (
          <UsageResult
            data={data}
            firstDay={range.firstDay}
            lastDay={range.lastDay}
            zoneName={zoneName}
            onDownload={download}
            dimmed={usage.isFetching}
          />
        )}
      </Stack>
    </Container>
  );
}

function Figure({ labelId, value, testId }: { labelId: string; value: string; testId: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id={labelId} />
        </Text>
        <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function UsageResult({
  data,
  firstDay,
  lastDay,
  zoneName,
  onDownload,
  dimmed,
}: {
  data: UsageBreakdown;
  firstDay: string;
  lastDay: string;
  zoneName: string;
  onDownload: () => void;
  dimmed: boolean;
}) {
  const intl = useIntl();
  const { series, seriesOf } = useMemo(() => chartSeries(data.groups, data.groupBy, intl), [data, intl]);
  const buckets = useMemo(() => toBuckets(data, seriesOf), [data, seriesOf]);
  const num = (n: number) => intl.formatNumber(n);
  const empty = data.points.length === 0;
  const summary = empty
    ? intl.formatMessage({ id: 'uc.usage.chart.summaryEmpty' }, { from: firstDay, to: lastDay, zone: zoneName })
    : intl.formatMessage(
        { id: 'uc.usage.chart.summary' },
        { from: firstDay, to: lastDay, zone: zoneName, total: formatBytes(data.total.bytes, intl.locale) },
      );

  return (
    <Stack gap={6} opacity={dimmed ? 0.7 : 1} data-testid="usage-result">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap={4}>
        <Figure
          labelId="uc.usage.figure.traffic"
          value={formatBytes(data.total.bytes, intl.locale)}
          testId="usage-total-traffic"
        />
        <Figure labelId="uc.usage.figure.requests" value={num(data.total.requests)} testId="usage-total-requests" />
        <Figure
          labelId="uc.usage.figure.failureRate"
          value={failureRate(data.total.failedRequests, data.total.requests, intl.locale)}
          testId="usage-total-failure-rate"
        />
      </SimpleGrid>
      <Card.Root>
        <Card.Header>
          <Flex gap={3} wrap="wrap" align="center" justify="space-between">
            <Stack gap={0}>
              <Heading as="h2" size="md">
                <FormattedMessage id={data.granularity === 'hour' ? 'uc.usage.chart.titleHourly' : 'uc.usage.chart.titleDaily'} />
              </Heading>
              <Text fontSize="sm" color="fg.muted" data-testid="usage-zone-note">
                <FormattedMessage id="uc.usage.zoneNote" values={{ from: firstDay, to: lastDay, zone: zoneName }} />
              </Text>
            </Stack>
            <Button size="sm" variant="outline" data-testid="usage-download" disabled={empty} onClick={onDownload}>
              <FormattedMessage id="uc.usage.download" />
            </Button>
          </Flex>
        </Card.Header>
        <Card.Body minW={0}>
          {empty ? (
            <Stack align="center" textAlign="center" py={10} gap={1} data-testid="usage-empty">
              <Text fontWeight="semibold">
                <FormattedMessage id="uc.usage.empty.title" />
              </Text>
              <Text fontSize="sm" color="fg.muted" maxW="md">
                <FormattedMessage id="uc.usage.empty.hint" />
              </Text>
            </Stack>
          ) : (
            <UsageBreakdownChart buckets={buckets} series={series} summary={summary} />
          )}
        </Card.Body>
      </Card.Root>
      {empty ? null : (
        <Box>
          <Heading as="h2" size="md" mb={3}>
            <FormattedMessage id="uc.usage.table.title" />
          </Heading>
          <ResponsiveTable<Row>
            testId="usage-groups"
            ariaLabel={intl.formatMessage({ id: 'uc.usage.table.title' })}
            columns={groupColumns(intl, data.groupBy)}
            items={
              data.groupBy === 'none' ? data.groups : [...data.groups, { ...data.total, key: null, other: false, total: true }]
            }
            rowKey={(r) => (r.total ? '\u0000total' : groupId(r))}
            rowProps={(r) => ({ 'data-testid': r.total ? 'usage-total-row' : 'usage-group-row', 'data-key': r.key ?? '' })}
          />
        </Box>
      )}
    </Stack>
  );
}

function groupColumns(intl: IntlShape, groupBy: UsageBreakdown['groupBy']): ListColumn<Row>[] {
  const figure = (text: string, strong?: boolean) => (
    <Text as="span" fontVariantNumeric="tabular-nums" fontWeight={strong ? 'semibold' : undefined}>
      {text}
    </Text>
  );
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      key: 'group',
      label: t(`uc.usage.col.group.${groupBy}`),
      card: 'title',
      wrap: true,
      cell: (r) => (
        <Text as="span" fontWeight={r.total ? 'semibold' : undefined} wordBreak="break-all" data-testid="usage-group-name">
          {r.total ? t('uc.usage.col.total') : groupLabel(r, groupBy, intl)}
        </Text>
      ),
    },
    {
      key: 'traffic',
      label: t('uc.usage.col.traffic'),
      textAlign: 'end',
      cell: (r) => <span data-testid="usage-group-traffic">{figure(formatBytes(r.bytes, intl.locale), r.total)}</span>,
    },
    {
      key: 'requests',
      label: t('uc.usage.col.requests'),
      textAlign: 'end',
      cell: (r) => figure(intl.formatNumber(r.requests), r.total),
    },
    {
      key: 'failed',
      label: t('uc.usage.col.failed'),
      textAlign: 'end',
      cell: (r) => figure(intl.formatNumber(r.failedRequests), r.total),
    },
    {
      key: 'failureRate',
      label: t('uc.usage.col.failureRate'),
      textAlign: 'end',
      cell: (r) => figure(failureRate(r.failedRequests, r.requests, intl.locale), r.total),
    },
  ];
}
