import { Box, Button, DataList, Skeleton, Table } from '../chakra.ts';
import { type Key, type ReactNode, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * One column of a list: its header and the row's value. The same definition renders the table at
 * `md` and up and a card per row below it, so no page writes two layouts.
 */
export interface ListColumn<T> {
  key: string;
  /** The header; on a card, the label before the value (`cardLabel` when the header is not text, e.g. a checkbox). */
  label: ReactNode;
  cardLabel?: ReactNode;
  cell: (item: T) => ReactNode;
  textAlign?: 'end';
  w?: string;
  /** Every header and cell stays on one line in the table unless `wrap`. */
  wrap?: boolean;
  /**
   * On a phone's card: 'title' heads it (no label), 'action' ends it in full width (the row's main
   * action, never scrolled off), 'none' leaves it out; by default a label–value line.
   */
  card?: 'title' | 'action' | 'none';
  /** Not a column but a line of the row's details, opened with the row's "Details" button (table and card). */
  detail?: boolean;
}

export interface ResponsiveTableProps<T> {
  testId: string;
  columns: ListColumn<T>[];
  items: T[];
  rowKey: (item: T) => Key;
  /** Test ids and data attributes of a row (the table row, which is the card below `md`). */
  rowProps?: (item: T) => Record<string, string | number | boolean | undefined>;
  /** The region's name (a wide table scrolls sideways; keyboard users reach that by focusing it). */
  ariaLabel: string;
  /** First load: placeholder rows. */
  loading?: boolean;
  busy?: boolean;
  /** Showing the previous page while the next one loads. */
  dimmed?: boolean;
}

// Below md the table's parts are re-laid as blocks: CSS only, so server and client render one DOM
// (no media query in JS, no second copy of the rows, test ids stay unique).
const ROW_STYLE = {
  display: { base: 'grid', md: 'table-row' },
  // Two columns so the action and the details toggle share the card's last line.
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  borderWidth: { base: '1px', md: '0' },
  borderRadius: { base: 'l2', md: '0' },
  px: { base: 3, md: 0 },
  py: { base: 2, md: 0 },
  mb: { base: 3, md: 0 },
} as const;

const CELL_STYLE = {
  display: { base: 'flex', md: 'table-cell' },
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 3,
  px: { base: 0, md: 2 },
  py: { base: 1, md: 2 },
  borderBottomWidth: { base: '0', md: '1px' },
  minW: 0,
  gridColumn: '1 / -1',
} as const;

const CARD_CELL_STYLE = {
  title: { order: -1, fontWeight: 'semibold', justifyContent: 'flex-start', pb: 2 },
  action: {
    order: 1,
    gridColumn: '1 / 2',
    justifyContent: 'flex-start',
    flexWrap: 'wrap',
    borderTopWidth: { base: '1px', md: '0' },
    pt: 2,
    mt: { base: 1, md: 0 },
  },
  none: { display: { base: 'none', md: 'table-cell' } },
} as const;

/** A list as a table at `md` and up and as cards below: one column definition for both. */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const { columns, testId } = props;
  const shown = columns.filter((c) => !c.detail);
  const details = columns.filter((c) => c.detail);
  const span = shown.length + (details.length > 0 ? 1 : 0);
  return (
    <Table.ScrollArea
      borderWidth={{ base: '0', md: '1px' }}
      borderRadius="md"
      tabIndex={0}
      role="region"
      aria-label={props.ariaLabel}
      focusRing="outside"
    >
      <Table.Root size="sm" data-testid={testId} aria-busy={props.busy} display={{ base: 'block', md: 'table' }}>
        <Table.Header display={{ base: 'none', md: 'table-header-group' }}>
          <Table.Row bg="bg.muted">
            {shown.map((c) => (
              <Table.ColumnHeader key={c.key} whiteSpace={c.wrap ? undefined : 'nowrap'} textAlign={c.textAlign} w={c.w}>
                {c.label}
              </Table.ColumnHeader>
            ))}
            {details.length > 0 ? (
              <Table.ColumnHeader whiteSpace="nowrap">
                <FormattedMessage id="shared.list.details" />
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: 'block', md: 'table-row-group' }} opacity={props.dimmed ? 0.6 : 1}>
          {props.loading ? (
            <PlaceholderRows columns={span} />
          ) : (
            props.items.map((item) => (
              <ResponsiveRow key={props.rowKey(item)} item={item} shown={shown} details={details} props={props} span={span} />
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ResponsiveRow<T>({
  item,
  shown,
  details,
  props,
  span,
}: {
  item: T;
  shown: ListColumn<T>[];
  details: ListColumn<T>[];
  props: ResponsiveTableProps<T>;
  span: number;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const expanded = open && details.length > 0;
  return (
    <>
      <Table.Row
        {...ROW_STYLE}
        // An open card continues in its details row below.
        mb={expanded ? { base: 0, md: 0 } : ROW_STYLE.mb}
        borderBottomRadius={expanded ? { base: '0', md: '0' } : undefined}
        {...props.rowProps?.(item)}
      >
        {shown.map((c) => (
          <Table.Cell
            key={c.key}
            {...CELL_STYLE}
            {...(c.card ? CARD_CELL_STYLE[c.card] : {})}
            whiteSpace={c.wrap ? 'normal' : { base: 'normal', md: 'nowrap' }}
            textAlign={c.textAlign}
          >
            {c.card === 'title' || c.card === 'action' ? null : (
              <Box as="span" hideFrom="md" fontSize="xs" color="fg.muted" fontWeight="normal" fontFamily="body" flexShrink={0}>
                {c.cardLabel ?? c.label}
              </Box>
            )}
            <CellValue column={c}>{c.cell(item)}</CellValue>
          </Table.Cell>
        ))}
        {details.length > 0 ? (
          <Table.Cell {...CELL_STYLE} {...CARD_CELL_STYLE.action} order={2} gridColumn="2 / 3" justifyContent="flex-end">
            <DetailsToggle open={open} onToggle={() => setOpen((v) => !v)} controls={detailsId} />
          </Table.Cell>
        ) : null}
      </Table.Row>
      {details.length > 0 ? (
        <Table.Row
          id={detailsId}
          hidden={!open}
          data-testid="list-row-details"
          display={open ? { base: 'block', md: 'table-row' } : 'none'}
          borderWidth={{ base: '1px', md: '0' }}
          borderTopWidth="0"
          borderBottomRadius={{ base: 'l2', md: '0' }}
          px={{ base: 3, md: 0 }}
          pb={{ base: 2, md: 0 }}
          mb={{ base: 3, md: 0 }}
          bg="bg.subtle"
        >
          <Table.Cell colSpan={span} display={{ base: 'block', md: 'table-cell' }} px={{ base: 0, md: 4 }} py={2}>
            <DataList.Root orientation="horizontal" size="sm" gap={1}>
              {details.map((c) => (
                <DataList.Item key={c.key}>
                  <DataList.ItemLabel minW={{ base: '24', md: '32' }}>{c.cardLabel ?? c.label}</DataList.ItemLabel>
                  <DataList.ItemValue minW={0} overflowWrap="anywhere">
                    {c.cell(item)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}

/** The value beside its card label: it may wrap (long numbers, remarks) rather than widen the card. */
function CellValue<T>({ column, children }: { column: ListColumn<T>; children: ReactNode }) {
  if (column.card === 'title' || column.card === 'action') return <>{children}</>;
  return (
    <Box as="span" minW={0} textAlign={{ base: 'end', md: 'inherit' }} overflowWrap={{ base: 'anywhere', md: 'normal' }}>
      {children}
    </Box>
  );
}

function DetailsToggle({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="list-row-details-toggle"
    >
      <FormattedMessage id={open ? 'shared.list.hideDetails' : 'shared.list.showDetails'} />
      <Box as="span" aria-hidden="true" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.15s">
        ▾
      </Box>
    </Button>
  );
}

/** Placeholder rows while the first page loads (cards below `md`). */
function PlaceholderRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <Table.Row key={r} aria-hidden="true" {...ROW_STYLE}>
          {Array.from({ length: columns }, (_, c) => (
            <Table.Cell key={c} {...CELL_STYLE}>
              <Skeleton h="4" w={c === 0 ? '32' : '16'} />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}
