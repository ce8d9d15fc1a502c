import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  HStack,
  Spacer,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@portal/shared/chakra';
import { Checkbox, Field, Input, Switch } from '@portal/shared/chakra/deferred';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { api, RESOURCE_TYPES, type StaticOrder, StaticIpStatus } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import {
  CertificationNotice,
  copyText,
  ListEmpty,
  LoadFailure,
  message,
  Pager,
  SkeletonRows,
  useListSearch,
  useLocalePath,
  useFileExport,
} from '@portal/shared/ui';
import { FilterSelect } from '@portal/shared/ui/forms';
import { formatLocalTime, regionLabel } from '../../common/format.ts';
import { staticKeys } from '../../common/keys.ts';
import { PageHeader } from '../../common/PageHeader.tsx';
import { useNow } from '../../common/ticker.ts';
import { parseResourceType } from '../../features/catalogue/calls.ts';
import { PayDialog } from '../../features/pay/PayDialog.tsx';
import { RenewDialog, type RenewTarget } from '../../features/renew/RenewDialog.tsx';
import { ExchangeDialog } from './ExchangeDialog.tsx';
import { credentialLine, IP_COLUMNS, ipCsv, ipHeader, ipTxtLines } from './ipCells.ts';
import { effectiveIpStatus, formatRemaining, isExpiringToday, type LiveIp, remainingAt } from './remaining.ts';
import { exchangeProblem, type IpSelection, pageState, renewProblem, sharedType, toggleIp, togglePage } from './selection.ts';
import {
  fetchAllIps,
  IP_STATUS_FILTERS,
  IPS_PAGE_SIZE,
  ipFilter,
  isIpStatusFilter,
  KEYWORD_MAX,
  useStaticIps,
} from './useStaticIps.ts';

/** The checkbox, the 12 columns and the actions. */
const COLUMN_COUNT = IP_COLUMNS.length + 2;

/**
 * /admin/static/management (and /admin/static/components/IPManagement): the caller's IPs with
 * credentials and a live countdown, filters in the URL, copy, TXT/CSV export, and renewal and
 * region exchange of the selected IPs.
 */
export default function IpManagementPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const search = useListSearch();
  const { params, setFilters, setPage } = search;
  const type = parseResourceType(params.get('type'));
  const rawStatus = params.get('status');
  const status = isIpStatusFilter(rawStatus) ? rawStatus : '';
  const keyword = (params.get('q') ?? '').slice(0, KEYWORD_MAX);
  const expiringToday = params.get('today') === '1';
  const filter = useMemo(
    () => ipFilter({ type, status, keyword, expiringToday }, Date.now()),
    [type, status, keyword, expiringToday],
  );
  const filtered = Boolean(type !== null || status || keyword || expiringToday);
  const ips = useStaticIps(filter, search.page);
  const list = ips.data?.list ?? [];
  const total = ips.data?.total ?? 0;
  const file = useFileExport();

  const [selection, setSelection] = useState<IpSelection>(new Map());
  const [actionError, setActionError] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<LiveIp[] | null>(null);
  const [exchanging, setExchanging] = useState<LiveIp[] | null>(null);
  const [paying, setPaying] = useState<StaticOrder | null>(null);
  const closePay = useCallback(() => setPaying(null), []);

  // Another filter is another list: what was chosen in the old one no longer applies.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filter changes
  useEffect(() => {
    setSelection(new Map());
    setActionError(null);
  }, [filterKey]);

  const pages = Math.max(1, Math.ceil(total / IPS_PAGE_SIZE));
  useEffect(() => {
    if (ips.data && !ips.isPlaceholderData && search.page > pages) setPage(pages, true);
  }, [ips.data, ips.isPlaceholderData, search.page, pages, setPage]);

  const [keywordText, setKeywordText] = useState(keyword);
  useEffect(() => setKeywordText(keyword), [keyword]);
  const submitKeyword = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ q: keywordText.trim() || null });
  };
  const clear = () => setFilters({ type: null, status: null, q: null, today: null });

  const selected = [...selection.values()];
  const headerState = pageState(selection, list);

  const exportIps = (kind: 'txt' | 'csv') =>
    file.run(async () => {
      const rows = selected.length > 0 ? selected : await fetchAllIps(filter);
      const now = Date.now();
      return kind === 'txt'
        ? { kind, name: 'static-ips', lines: ipTxtLines(rows) }
        : { kind, name: 'static-ips', ...ipCsv(rows, intl, now) };
    });

  const startRenew = () => {
    const problem = renewProblem(selected);
    setActionError(problem ? intl.formatMessage({ id: problem }) : null);
    if (!problem) setRenewing(selected);
  };
  const startExchange = () => {
    const problem = exchangeProblem(selected);
    setActionError(problem ? intl.formatMessage({ id: problem }) : null);
    if (!problem) setExchanging(selected);
  };

  const renewType = renewing ? sharedType(renewing) : null;
  const renewTarget: RenewTarget | null =
    renewing && renewType !== null ? { resourceType: renewType, count: renewing.length, estimate: false } : null;

  const copy = async (ip: LiveIp) => {
    const ok = await copyText(credentialLine(ip));
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'static.copy.done' : 'static.copy.failed' }));
  };

  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="static.management.title" descriptionId="static.management.description" />
        <CertificationNotice />
        <Card.Root minW={0}>
          <Card.Body gap={4} minW={0}>
            <Flex gap={3} wrap="wrap" align="flex-end">
              <FilterSelect
                labelId="static.filter.type"
                value={type === null ? '' : String(type)}
                options={RESOURCE_TYPES.map((t) => ({ value: String(t), label: intl.formatMessage({ id: `static.type.${t}` }) }))}
                onChange={(v) => setFilters({ type: v })}
                testId="static-ips-type-filter"
              />
              <FilterSelect
                labelId="static.filter.ipStatus"
                value={status}
                options={(Object.keys(IP_STATUS_FILTERS) as (keyof typeof IP_STATUS_FILTERS)[]).map((key) => ({
                  value: key,
                  label: intl.formatMessage({ id: `static.ipStatus.${IP_STATUS_FILTERS[key]}` }),
                }))}
                onChange={(v) => setFilters({ status: v })}
                testId="static-ips-status-filter"
              />
              <Box as="form" onSubmit={submitKeyword} role="search" w={{ base: 'full', sm: '64' }}>
                <Field.Root>
                  <Field.Label fontSize="sm">
                    <FormattedMessage id="static.filter.keyword" />
                  </Field.Label>
                  <HStack gap={2} w="full">
                    <Input
                      type="search"
                      size="sm"
                      value={keywordText}
                      maxLength={KEYWORD_MAX}
                      placeholder={intl.formatMessage({ id: 'static.filter.keywordPlaceholder' })}
                      onChange={(e) => setKeywordText(e.target.value)}
                      data-testid="static-ips-keyword"
                    />
                    <Button type="submit" size="sm" variant="outline" flexShrink={0}>
                      <FormattedMessage id="static.filter.search" />
                    </Button>
                  </HStack>
                </Field.Root>
              </Box>
              <Switch.Root
                checked={expiringToday}
                onCheckedChange={(d) => setFilters({ today: d.checked ? '1' : null })}
                colorPalette="brand"
                size="sm"
                pb={1.5}
                data-testid="static-ips-today-filter"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label fontSize="sm">
                  <FormattedMessage id="static.filter.expiringToday" />
                </Switch.Label>
              </Switch.Root>
              {filtered ? (
                <Button size="sm" variant="ghost" onClick={clear}>
                  <FormattedMessage id="static.list.clearFilters" />
                </Button>
              ) : null}
            </Flex>

            <Flex gap={2} wrap="wrap" align="center" data-testid="static-ips-toolbar">
              <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="static-ips-selected">
                <FormattedMessage id="static.ips.selected" values={{ count: selection.size }} />
              </Text>
              {selection.size > 0 ? (
                <Button size="xs" variant="ghost" onClick={() => setSelection(new Map())}>
                  <FormattedMessage id="static.ips.clearSelection" />
                </Button>
              ) : null}
              <Spacer display={{ base: 'none', md: 'block' }} />
              <Button size="sm" colorPalette="brand" onClick={startRenew} disabled={selection.size === 0} data-testid="ip-renew">
                <FormattedMessage id="static.ips.renew" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={startExchange}
                disabled={selection.size === 0}
                data-testid="ip-exchange"
              >
                <FormattedMessage id="static.ips.exchange" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void exportIps('txt')}
                loading={file.exporting}
                disabled={file.exporting || total === 0}
                data-testid="export-txt"
              >
                <FormattedMessage id={selection.size > 0 ? 'static.ips.exportTxtSelected' : 'static.ips.exportTxt'} />
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void exportIps('csv')}
                loading={file.exporting}
                disabled={file.exporting || total === 0}
                data-testid="export-csv"
              >
                <FormattedMessage id={selection.size > 0 ? 'static.ips.exportCsvSelected' : 'static.ips.exportCsv'} />
              </Button>
            </Flex>
            {actionError ? (
              <Alert.Root status="warning" size="sm" data-testid="ip-action-error">
                <Alert.Indicator />
                <Alert.Title>{actionError}</Alert.Title>
              </Alert.Root>
            ) : null}

            {ips.isError && !ips.data ? (
              <LoadFailure
                error={ips.error}
                messageId="static.ips.loadFailed"
                onRetry={() => void ips.refetch()}
                retrying={ips.isFetching}
              />
            ) : ips.data && total === 0 ? (
              <ListEmpty
                testId="static-ip-empty"
                titleId={filtered ? 'static.ips.emptyFiltered.title' : 'static.ips.empty.title'}
                descriptionId={filtered ? 'static.ips.emptyFiltered.description' : 'static.ips.empty.description'}
                action={
                  <HStack gap={2} wrap="wrap" justify="center">
                    {filtered ? (
                      <Button size="sm" variant="outline" onClick={clear}>
                        <FormattedMessage id="static.list.clearFilters" />
                      </Button>
                    ) : null}
                    <Button asChild size="sm" colorPalette="brand">
                      <Link to={to('/admin/static/buy')}>
                        <FormattedMessage id="static.list.buy" />
                      </Link>
                    </Button>
                  </HStack>
                }
              />
            ) : (
              <>
                {ips.isError ? (
                  <LoadFailure
                    error={ips.error}
                    messageId="static.ips.loadFailed"
                    onRetry={() => void ips.refetch()}
                    retrying={ips.isFetching}
                  />
                ) : null}
                <Table.ScrollArea borderWidth="1px" borderRadius="md">
                  <Table.Root size="sm" data-testid="static-ip-table" aria-busy={ips.isFetching}>
                    <Table.Header>
                      <Table.Row bg="bg.muted">
                        <Table.ColumnHeader w="16">
                          <Checkbox.Root
                            size="sm"
                            colorPalette="brand"
                            checked={headerState}
                            disabled={list.length === 0}
                            onCheckedChange={(d) => setSelection((s) => togglePage(s, list, d.checked === true))}
                            data-testid="ip-select-page"
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label fontSize="xs" whiteSpace="nowrap">
                              <FormattedMessage id="static.ips.selectPage" />
                            </Checkbox.Label>
                          </Checkbox.Root>
                        </Table.ColumnHeader>
                        {ipHeader(intl).map((label, i) => (
                          <Table.ColumnHeader key={IP_COLUMNS[i]} whiteSpace="nowrap">
                            {label}
                          </Table.ColumnHeader>
                        ))}
                        <Table.ColumnHeader whiteSpace="nowrap">
                          <FormattedMessage id="static.ips.col.actions" />
                        </Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body opacity={ips.isPlaceholderData ? 0.6 : 1}>
                      {ips.isPending ? (
                        <SkeletonRows columns={COLUMN_COUNT} />
                      ) : (
                        list.map((ip) => (
                          <IpRow
                            key={ip.id}
                            ip={ip}
                            selected={selection.has(ip.id)}
                            onSelect={(on) => setSelection((s) => toggleIp(s, ip, on))}
                            onCopy={() => void copy(ip)}
                          />
                        ))
                      )}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
                {ips.data ? <Pager page={search.page} pageSize={IPS_PAGE_SIZE} total={total} onPage={(p) => setPage(p)} /> : null}
              </>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>

      <RenewDialog
        target={renewTarget}
        place={(durationDays) =>
          callApi(api.renewalIps, { body: { itemIds: (renewing ?? []).map((ip) => ip.id), durationDays } })
        }
        onPlaced={(order) => {
          setRenewing(null);
          setPaying(order);
          void queryClient.invalidateQueries({ queryKey: staticKeys.orders });
        }}
        onClose={() => setRenewing(null)}
      />
      <ExchangeDialog
        ips={exchanging}
        onClose={() => setExchanging(null)}
        onDone={() => {
          setExchanging(null);
          setSelection(new Map());
        }}
      />
      <PayDialog order={paying} onClose={closePay} />
    </Container>
  );
}

function IpRow({
  ip,
  selected,
  onSelect,
  onCopy,
}: {
  ip: LiveIp;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onCopy: () => void;
}) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  return (
    <Table.Row data-testid="static-ip-row" data-ip-id={ip.id} data-host={ip.host} data-selected={selected || undefined}>
      <Table.Cell>
        <Checkbox.Root
          size="sm"
          colorPalette="brand"
          checked={selected}
          onCheckedChange={(d) => onSelect(d.checked === true)}
          data-testid="ip-select"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <VisuallyHidden>
              <FormattedMessage id="static.ips.select" values={{ host: `${ip.host}:${ip.port}` }} />
            </VisuallyHidden>
          </Checkbox.Label>
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell>
        <Text as="span" fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-order-no">
          {ip.orderNo}
        </Text>
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-host">
        {ip.host}
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" data-testid="ip-port">
        {ip.port}
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-account">
        {ip.account}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1}>
          <Text as="span" fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-password">
            {shown ? ip.password : '••••••••'}
          </Text>
          <Button
            size="2xs"
            variant="ghost"
            onClick={() => setShown((v) => !v)}
            aria-pressed={shown}
            aria-label={intl.formatMessage(
              { id: shown ? 'static.ips.hidePassword' : 'static.ips.showPassword' },
              { host: `${ip.host}:${ip.port}` },
            )}
            data-testid="ip-password-toggle"
          >
            <FormattedMessage id={shown ? 'static.ips.hide' : 'static.ips.show'} />
          </Button>
        </HStack>
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-out-ip">
        {ip.outIp}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <FormattedMessage id={`static.type.${ip.resourceType}`} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" data-testid="ip-region">
        {regionLabel(ip.region, intl.locale)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Remaining ip={ip} />
      </Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="ip-purchase">
        {formatLocalTime(ip.purchaseTime)}
      </Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="ip-expire">
        {formatLocalTime(ip.expireTime)}
      </Table.Cell>
      <Table.Cell>
        <IpStatus ip={ip} />
      </Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          onClick={onCopy}
          aria-label={intl.formatMessage({ id: 'static.copy.label' }, { host: `${ip.host}:${ip.port}` })}
          data-testid="ip-copy"
        >
          <FormattedMessage id="static.copy.button" />
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** The live countdown and the "Expiring today" badge; every row listens to the page's one second ticker. */
function Remaining({ ip }: { ip: LiveIp }) {
  const now = useNow();
  const left = remainingAt(ip, now);
  return (
    <HStack gap={2}>
      <Text as="span" fontVariantNumeric="tabular-nums" data-testid="ip-countdown" data-remaining-ms={left}>
        {formatRemaining(left)}
      </Text>
      {isExpiringToday(ip.expiresAt, now) ? (
        <Badge colorPalette="orange" variant="subtle" data-testid="expiring-today">
          <FormattedMessage id="static.ips.expiringToday" />
        </Badge>
      ) : null}
    </HStack>
  );
}

function IpStatus({ ip }: { ip: LiveIp }) {
  const now = useNow();
  const status = effectiveIpStatus(ip, now);
  return (
    <Badge colorPalette={status === StaticIpStatus.Normal ? 'green' : 'gray'} data-testid="ip-status" data-status={status}>
      <FormattedMessage id={`static.ipStatus.${status}`} />
    </Badge>
  );
}
