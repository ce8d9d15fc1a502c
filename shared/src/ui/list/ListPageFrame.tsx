import { Button, Card, Container, Flex, HStack, Spacer, Stack } from '../chakra.ts';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../router.ts';
import { PageHeader } from '../PageHeader.tsx';
import { useLocalePath } from '../useLocalePath.ts';
import { ListEmpty, LoadFailure, Pager } from './ListParts.tsx';
import { type ListColumn, ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable.tsx';

/** What the frame reads of a paged list query (a TanStack `useQuery` result fits). */
export interface ListQuery<T> {
  data: { list: T[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The empty state: one wording for "nothing yet", another for "nothing matches the filters". */
export interface ListEmptyText {
  testId: string;
  /** Title and description message ids. */
  ids: [titleId: string, descriptionId: string];
  filteredIds: [titleId: string, descriptionId: string];
  /** A link (to buying…) offered when nothing is filtered; "Clear filters" takes its place when something is. */
  link?: { to: string; labelId: string };
  /** Keep `link` next to "Clear filters" (in a row) instead. */
  linkWhenFiltered?: boolean;
}

export interface ListPageFrameProps<T> {
  maxW: string;
  titleId: string;
  descriptionId: string;
  /** Between the page header and the list card (banners, notices). */
  notices?: ReactNode;
  /** The fields of the filter bar; "Clear filters" follows them while `filtered`. */
  filters: ReactNode;
  filtered: boolean;
  onClearFilters: () => void;
  clearLabelId: string;
  /** The export button at the end of the filter bar, off while the list is empty. */
  exportButton?: { testId: string; labelId: string; onExport: () => void; exporting: boolean };
  /** Between the filter bar and the list (notes, a selection toolbar). */
  toolbar?: ReactNode;
  query: ListQuery<T>;
  loadFailedId: string;
  empty: ListEmptyText;
  /** One column definition: a table at `md` and up, a card per row below. */
  table: Pick<ResponsiveTableProps<T>, 'testId' | 'rowKey' | 'rowProps'> & { columns: ListColumn<T>[] };
  pageSize: number;
  search: { page: number; setPage: (page: number, replace?: boolean) => void };
  /** After the page's content (its dialogs). */
  children?: ReactNode;
}

/**
 * The frame of a paged list page: header, filter bar with export, the load failure and empty
 * states, the table and the pager. A page past the end (an old link, fewer rows now) goes to the last one.
 */
export function ListPageFrame<T>(props: ListPageFrameProps<T>) {
  const { query, pageSize, search, exportButton } = props;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const { page, setPage } = search;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages) setPage(pages, true);
  }, [query.data, query.isPlaceholderData, page, pages, setPage]);

  return (
    <Container maxW={props.maxW} py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId={props.titleId} descriptionId={props.descriptionId} />
        {props.notices}
        <Card.Root minW={0}>
          <Card.Body gap={4} minW={0}>
            <Flex gap={3} wrap="wrap" align="flex-end">
              {props.filters}
              {props.filtered ? (
                <ClearButton variant="ghost" onClear={props.onClearFilters} labelId={props.clearLabelId} />
              ) : null}
              {exportButton ? (
                <>
                  <Spacer display={{ base: 'none', md: 'block' }} />
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid={exportButton.testId}
                    onClick={exportButton.onExport}
                    loading={exportButton.exporting}
                    disabled={exportButton.exporting || total === 0}
                  >
                    <FormattedMessage id={exportButton.labelId} />
                  </Button>
                </>
              ) : null}
            </Flex>
            {props.toolbar}
            <ListResults {...props} total={total} />
          </Card.Body>
        </Card.Root>
      </Stack>
      {props.children}
    </Container>
  );
}

function ClearButton({ variant, onClear, labelId }: { variant: 'ghost' | 'outline'; onClear: () => void; labelId: string }) {
  return (
    <Button size="sm" variant={variant} onClick={onClear}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}

function EmptyLink({ to, labelId }: { to: string; labelId: string }) {
  const localePath = useLocalePath();
  return (
    <Button asChild size="sm" colorPalette="brand">
      <Link to={localePath(to)}>
        <FormattedMessage id={labelId} />
      </Link>
    </Button>
  );
}

/** Failure with nothing to show, empty, or the table (under a failure notice when a refetch failed). */
function ListResults<T>(props: ListPageFrameProps<T> & { total: number }) {
  const intl = useIntl();
  const { query, table, empty, filtered, total } = props;
  const failure = (
    <LoadFailure
      error={query.error}
      messageId={props.loadFailedId}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
  if (query.isError && !query.data) return failure;
  if (query.data && total === 0) {
    const clear = <ClearButton variant="outline" onClear={props.onClearFilters} labelId={props.clearLabelId} />;
    const link = empty.link ? <EmptyLink {...empty.link} /> : null;
    const [titleId, descriptionId] = filtered ? empty.filteredIds : empty.ids;
    return (
      <ListEmpty
        testId={empty.testId}
        titleId={titleId}
        descriptionId={descriptionId}
        action={
          empty.linkWhenFiltered ? (
            <HStack gap={2} wrap="wrap" justify="center">
              {filtered ? clear : null}
              {link}
            </HStack>
          ) : filtered ? (
            clear
          ) : (
            link
          )
        }
      />
    );
  }
  return (
    <>
      {query.isError ? failure : null}
      <ResponsiveTable
        {...table}
        items={query.data?.list ?? []}
        ariaLabel={intl.formatMessage({ id: props.titleId })}
        loading={query.isPending}
        busy={query.isFetching}
        dimmed={query.isPlaceholderData}
      />
      {query.data ? (
        <Pager page={props.search.page} pageSize={props.pageSize} total={total} onPage={(p) => props.search.setPage(p)} />
      ) : null}
    </>
  );
}
