import { Badge, Box, Portal, Stack, Text, VisuallyHidden } from '@portal/shared/chakra';
import { Tooltip } from '@portal/shared/chakra/deferred';
import { type ReactNode, useMemo } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { type DeductHourRecord, formatTraffic } from '@portal/shared';
import { drawsText } from '../dashboard/lots.ts';
import { RECORD_COLUMNS, recordCells, recordHeader } from './recordCells.ts';
import { fetchAllRecords, RECORDS_PAGE_SIZE, useDeductRecords } from './useDeductRecords.ts';
import { type ListColumn, ListPageFrame, tableColumns, tableCsv, useListSearch, useFileExport } from '@portal/shared/ui';
import { DateRangeFields } from '@portal/shared/ui/forms';
import { dayRange } from '@portal/shared';

/** /admin/dynamic/records: traffic deducted hour by hour (UTC), filtered by UTC day, with CSV export. */
export default function DeductRecordsPage() {
  const intl = useIntl();
  const search = useListSearch();
  const range = useMemo(() => dayRange(search.from, search.to, 'utc'), [search.from, search.to]);
  const filtered = Boolean(search.from || search.to);
  const records = useDeductRecords(range, search.page);
  const csv = useFileExport();

  const exportCsv = () =>
    csv.run(async () => {
      const all = await fetchAllRecords(range);
      return tableCsv('deduction-records', RECORD_COLUMNS, recordHeader(intl), all, (r) => recordCells(r, intl));
    });

  return (
    <ListPageFrame
      maxW="6xl"
      titleId="shared.page.dynamicRecords"
      descriptionId="uc.dynamicRecords.description"
      filters={
        <DateRangeFields
          from={search.from}
          to={search.to}
          onChange={search.setFilters}
          fromLabelId="uc.records.from"
          toLabelId="uc.records.to"
        />
      }
      filtered={filtered}
      onClearFilters={() => search.setFilters({ from: null, to: null })}
      clearLabelId="uc.list.clearFilters"
      exportButton={{ testId: 'records-export', labelId: 'uc.list.export', onExport: exportCsv, exporting: csv.exporting }}
      toolbar={
        <Stack gap={1}>
          <Text fontSize="sm" fontWeight="medium" data-testid="records-utc-note">
            <FormattedMessage id="uc.records.utcNote" />
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.records.uncoveredNote" />
          </Text>
        </Stack>
      }
      query={records}
      loadFailedId="uc.records.loadFailed"
      empty={{
        testId: 'records-empty',
        ids: ['uc.records.empty.title', 'uc.records.empty.description'],
        filteredIds: ['uc.records.emptyFiltered.title', 'uc.records.emptyFiltered.description'],
      }}
      table={{
        testId: 'records-table',
        columns: recordColumns(intl),
        rowKey: (record) => record.id,
        rowProps: (record) => ({ 'data-testid': 'record-row', 'data-hour': record.hour }),
      }}
      pageSize={RECORDS_PAGE_SIZE}
      search={search}
    />
  );
}

/** The hour heads a phone's card; the figures follow it, the lots that paid it last. */
function recordColumns(intl: IntlShape): ListColumn<DeductHourRecord>[] {
  const figure = (text: ReactNode) => (
    <Text as="span" fontVariantNumeric="tabular-nums">
      {text}
    </Text>
  );
  const column = tableColumns(RECORD_COLUMNS, recordHeader(intl), (record: DeductHourRecord) => recordCells(record, intl));
  return [
    column('hour', (_, c) => figure(c.hour), { card: 'title' }),
    column('used', (_, c) => figure(c.used), { textAlign: 'end' }),
    column('deducted', (_, c) => figure(c.deducted), { textAlign: 'end' }),
    column('uncovered', (r, c) => figure(r.uncoveredMb > 0 ? <Uncovered text={c.uncovered} /> : c.uncovered), {
      textAlign: 'end',
    }),
    column('balanceAfter', (_, c) => figure(c.balanceAfter), { textAlign: 'end' }),
    column(
      'paidFrom',
      (r) => (
        <Box as="span" display="block" fontSize="sm" minW={{ md: '64' }} data-testid="record-paid-from">
          {r.draws.length === 0 ? '—' : <PaidFrom record={r} />}
        </Box>
      ),
      { wrap: true },
    ),
  ];
}

/** The lots that paid the hour, one per line, the one expiring first first. */
function PaidFrom({ record }: { record: DeductHourRecord }) {
  const intl = useIntl();
  return (
    <Stack gap={0}>
      {record.draws.map((d) => (
        <Text key={d.lotId} data-lot-id={d.lotId}>
          {drawsText([d], intl, (mb) => formatTraffic(mb, intl.locale))}
        </Text>
      ))}
    </Stack>
  );
}

/** Usage the balance could not cover: highlighted, with the explanation on hover and focus. */
function Uncovered({ text }: { text: string }) {
  const intl = useIntl();
  const hint = intl.formatMessage({ id: 'uc.records.uncoveredHint' });
  return (
    <Tooltip.Root openDelay={200} closeDelay={100}>
      <Tooltip.Trigger asChild>
        <Badge colorPalette="red" variant="subtle" tabIndex={0} cursor="help">
          {text}
          <VisuallyHidden>{` (${hint})`}</VisuallyHidden>
        </Badge>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{hint}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
