import { Alert, Box, Button, Flex, Spacer, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Each export's label with nothing selected, and with a selection (then only that is exported). */
const EXPORT_LABELS = {
  txt: ['static.ips.exportTxt', 'static.ips.exportTxtSelected'],
  csv: ['static.ips.exportCsv', 'static.ips.exportCsvSelected'],
} as const;

/**
 * What to do with the selected IPs (or, with none selected, exports of the whole filtered list),
 * and why the last action could not start.
 */
export function IpToolbar({
  selected,
  onClearSelection,
  onRenew,
  onExchange,
  onExport,
  exporting,
  empty,
  actionError,
  selectPage,
}: {
  selected: number;
  onClearSelection: () => void;
  /** Absent when the member's role may not buy (decision 0054): no Renew button. */
  onRenew?: () => void;
  onExchange: () => void;
  onExport: (kind: 'txt' | 'csv') => void;
  exporting: boolean;
  /** The list has no rows: nothing to export. */
  empty: boolean;
  actionError: string | null;
  /** "Select this page" for the phone, whose cards have no table header to hold it. */
  selectPage: ReactNode;
}) {
  return (
    <>
      <Flex gap={2} wrap="wrap" align="center" data-testid="static-ips-toolbar">
        <Box hideFrom="md">{selectPage}</Box>
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="static-ips-selected">
          <FormattedMessage id="static.ips.selected" values={{ count: selected }} />
        </Text>
        {selected > 0 ? (
          <Button size="xs" variant="ghost" onClick={onClearSelection}>
            <FormattedMessage id="static.ips.clearSelection" />
          </Button>
        ) : null}
        <Spacer display={{ base: 'none', md: 'block' }} />
        {onRenew ? (
          <Button size="sm" colorPalette="brand" onClick={onRenew} disabled={selected === 0} data-testid="ip-renew">
            <FormattedMessage id="static.ips.renew" />
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={onExchange} disabled={selected === 0} data-testid="ip-exchange">
          <FormattedMessage id="static.ips.exchange" />
        </Button>
        {(['txt', 'csv'] as const).map((kind) => (
          <Button
            key={kind}
            size="sm"
            variant="outline"
            onClick={() => onExport(kind)}
            loading={exporting}
            disabled={exporting || empty}
            data-testid={`export-${kind}`}
          >
            <FormattedMessage id={EXPORT_LABELS[kind][selected > 0 ? 1 : 0]} />
          </Button>
        ))}
      </Flex>
      {actionError ? (
        <Alert.Root status="warning" size="sm" data-testid="ip-action-error">
          <Alert.Indicator />
          <Alert.Title>{actionError}</Alert.Title>
        </Alert.Root>
      ) : null}
    </>
  );
}
