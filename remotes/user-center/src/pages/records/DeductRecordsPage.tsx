import {
  Badge,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Portal,
  Spacer,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@portal/shared/chakra';
import { Tooltip } from '@portal/shared/chakra/deferred';
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DeductHourRecord } from '@portal/shared';
import { RECORD_COLUMNS, recordCells, recordHeader } from './recordCells.ts';
import { fetchAllRecords, RECORDS_PAGE_SIZE, useDeductRecords } from './useDeductRecords.ts';
import { ListEmpty, LoadFailure, Pager, SkeletonRows, useListSearch, useFileExport } from '@portal/shared/ui';
import { DateRangeFields } from '@portal/shared/ui/forms';
import { dayRange } from '@portal/shared';

/** /admin/dynamic/records: traffic deducted hour by hour (UTC), filtered by UTC day, with CSV export. */
export default function DeductRecordsPage() {
  const intl = useIntl();
  const search = useListSearch();
  const range = useMemo(() => dayRange(search.from, search.to, 'utc'), [search.from, search.to]);
  const filtered = Boolean(search.from || search.to);
  const records = useDeductRecords(range, search.page);
  const list = records.data?.list ?? [];
  const total = records.data?.total ?? 0;
  const csv = useFileExport();

  const pages = Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE));
  const { setPage } = search;
  useEffect(() => {
    if (records.data && !records.isPlaceholderData && search.page > pages) setPage(pages, true);
  }, [records.data, records.isPlaceholderData, search.page, pages, setPage]);

  const exportCsv = () =>
    csv.run(async () => {
      const all = await fetchAllRecords(range);
      return {
        kind: 'csv',
        name: 'deduction-records',
        header: recordHeader(intl),
        rows: all.map((r) => {
          const cells = recordCells(r, intl);
          return RECORD_COLUMNS.map((c) => cells[c]);
        }),
      };
    });

  const clear = () => search.setFilters({ from: null, to: null });

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            <FormattedMessage id="uc.dynamicRecords.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="uc.dynamicRecords.description" />
          </Text>
        </Stack>
        <Card.Root minW={0}>
          <Card.Body gap={4} minW={0}>
            <Flex gap={3} wrap="wrap" align="flex-end">
              <DateRangeFields
                from={search.from}
                to={search.to}
                onChange={search.setFilters}
                fromLabelId="uc.records.from"
                toLabelId="uc.records.to"
              />
              {filtered ? (
                <Button size="sm" variant="ghost" onClick={clear}>
                  <FormattedMessage id="uc.list.clearFilters" />
                </Button>
              ) : null}
              <Spacer display={{ base: 'none', md: 'block' }} />
              <Button
                size="sm"
                variant="outline"
                data-testid="records-export"
                onClick={exportCsv}
                loading={csv.exporting}
                disabled={csv.exporting || total === 0}
              >
                <FormattedMessage id="uc.list.export" />
              </Button>
            </Flex>
            <Stack gap={1}>
              <Text fontSize="sm" fontWeight="medium" data-testid="records-utc-note">
                <FormattedMessage id="uc.records.utcNote" />
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="uc.records.uncoveredNote" />
              </Text>
            </Stack>

            {records.isError && !records.data ? (
              <LoadFailure
                error={records.error}
                messageId="uc.records.loadFailed"
                onRetry={() => void records.refetch()}
                retrying={records.isFetching}
              />
            ) : records.data && total === 0 ? (
              <ListEmpty
                testId="records-empty"
                titleId={filtered ? 'uc.records.emptyFiltered.title' : 'uc.records.empty.title'}
                descriptionId={filtered ? 'uc.records.emptyFiltered.description' : 'uc.records.empty.description'}
                action={
                  filtered ? (
                    <Button size="sm" variant="outline" onClick={clear}>
                      <FormattedMessage id="uc.list.clearFilters" />
                    </Button>
                  ) : null
                }
              />
            ) : (
              <>
                {records.isError ? (
                  <LoadFailure
                    error={records.error}
                    messageId="uc.records.loadFailed"
                    onRetry={() => void records.refetch()}
                    retrying={records.isFetching}
                  />
                ) : null}
                <Table.ScrollArea borderWidth="1px" borderRadius="md">
                  <Table.Root size="sm" data-testid="records-table" aria-busy={records.isFetching}>
                    <Table.Header>
                      <Table.Row bg="bg.muted">
                        {recordHeader(intl).map((label, i) => (
                          <Table.ColumnHeader key={RECORD_COLUMNS[i]} whiteSpace="nowrap" textAlign={i === 0 ? undefined : 'end'}>
                            {label}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body opacity={records.isPlaceholderData ? 0.6 : 1}>
                      {records.isPending ? (
                        <SkeletonRows columns={RECORD_COLUMNS.length} />
                      ) : (
                        list.map((record) => <RecordRow key={record.id} record={record} />)
                      )}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
                {records.data ? (
                  <Pager page={search.page} pageSize={RECORDS_PAGE_SIZE} total={total} onPage={(p) => search.setPage(p)} />
                ) : null}
              </>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

function RecordRow({ record }: { record: DeductHourRecord }) {
  const intl = useIntl();
  const cells = recordCells(record, intl);
  return (
    <Table.Row data-testid="record-row" data-hour={record.hour}>
      <Table.Cell fontVariantNumeric="tabular-nums">{cells.hour}</Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {cells.used}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {cells.deducted}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {record.uncoveredMb > 0 ? <Uncovered text={cells.uncovered} /> : cells.uncovered}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {cells.balanceAfter}
      </Table.Cell>
    </Table.Row>
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
