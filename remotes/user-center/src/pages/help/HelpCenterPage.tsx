import { Accordion, Box, Button, Card, Container, Skeleton, Stack, Text, Wrap } from '@portal/shared/chakra';
import { Input, InputGroup } from '@portal/shared/chakra/deferred';
import { useCallback, useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { HELP_CATEGORIES, type HelpCategory, type HelpDocSummary } from '@portal/shared';
import { openCustomerService } from '@portal/shared/browser';
import { ListEmpty, LoadFailure, PageHeader, Pager, RichText } from '@portal/shared/ui';
import { HELP_PAGE_SIZE, useHelpCategories, useHelpDoc, useHelpPage } from './queries.ts';

const SEARCH_DELAY_MS = 300;
const isCategory = (v: string | null): v is HelpCategory => v !== null && (HELP_CATEGORIES as readonly string[]).includes(v);

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

function AnswerBody({ id, open }: { id: number; open: boolean }) {
  const doc = useHelpDoc(id, open);
  if (doc.isError)
    return (
      <LoadFailure
        error={doc.error}
        messageId="uc.help.loadFailed"
        onRetry={() => void doc.refetch()}
        retrying={doc.isFetching}
      />
    );
  if (!doc.data) {
    return (
      <Stack gap={2} aria-busy="true">
        <Skeleton height="16px" />
        <Skeleton height="16px" width="80%" />
        <Skeleton height="16px" width="60%" />
      </Stack>
    );
  }
  return (
    <Stack gap={3}>
      <RichText html={doc.data.html} fontSize="md" data-testid="help-answer" />
      <Text fontSize="xs" color="fg.muted">
        <FormattedMessage
          id="uc.help.updated"
          values={{
            date: <FormattedDate value={doc.data.updatedAt} year="numeric" month="short" day="numeric" timeZone="UTC" />,
          }}
        />
      </Text>
    </Stack>
  );
}

function Answers({ list, searching }: { list: HelpDocSummary[]; searching: boolean }) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <Accordion.Root multiple value={open} onValueChange={(d) => setOpen(d.value)} variant="enclosed" data-testid="help-list">
      {list.map((doc) => {
        const value = String(doc.id);
        return (
          <Accordion.Item key={doc.id} value={value} data-testid="help-item" data-category={doc.category}>
            <Accordion.ItemTrigger py={4} alignItems="flex-start">
              <Stack gap={1} flex="1" textAlign="start">
                <Text fontWeight="semibold">{doc.title}</Text>
                {searching ? (
                  <Text fontSize="sm" color="fg.muted" fontWeight="normal" data-testid="help-excerpt">
                    {doc.excerpt}
                  </Text>
                ) : null}
              </Stack>
              <Accordion.ItemIndicator mt={1} />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody pb={5}>
                <AnswerBody id={doc.id} open={open.includes(value)} />
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}

/** /admin/help-center: answers by category, searchable; the search and category live in the URL. */
export default function HelpCenterPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim();
  const rawCategory = params.get('category');
  const category = isCategory(rawCategory) ? rawCategory : undefined;
  const pageNo = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const [draft, setDraft] = useState(params.get('q') ?? '');

  const update = useCallback(
    (next: { q?: string; category?: HelpCategory | null; page?: number }) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.q !== undefined) next.q.trim() ? p.set('q', next.q.trim()) : p.delete('q');
          if (next.category !== undefined) next.category ? p.set('category', next.category) : p.delete('category');
          if (next.page && next.page > 1) p.set('page', String(next.page));
          else p.delete('page');
          return p;
        },
        { replace: next.q !== undefined },
      );
    },
    [setParams],
  );

  // Search as the user types, once they pause.
  useEffect(() => {
    if (draft.trim() === keyword) return;
    const timer = setTimeout(() => update({ q: draft }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, keyword, update]);

  const answers = useHelpPage({ category, keyword: keyword || undefined, pageNo });
  const categories = useHelpCategories();
  const countOf = (c: HelpCategory) => categories.data?.find((x) => x.category === c)?.count;
  const total = answers.data?.total ?? 0;

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.helpCenter" descriptionId="uc.helpCenter.description" />

        <Card.Root>
          <Card.Body gap={5}>
            <Box
              as="form"
              role="search"
              onSubmit={(e) => {
                e.preventDefault();
                update({ q: draft });
              }}
            >
              <InputGroup startElement={<SearchIcon />} width="full">
                <Input
                  type="search"
                  size="lg"
                  value={draft}
                  maxLength={50}
                  onChange={(e) => setDraft(e.target.value)}
                  placeholder={intl.formatMessage({ id: 'uc.help.searchPlaceholder' })}
                  aria-label={intl.formatMessage({ id: 'uc.help.search' })}
                  data-testid="help-search"
                />
              </InputGroup>
            </Box>

            <Wrap as="nav" aria-label={intl.formatMessage({ id: 'uc.help.categories' })} gap={2} data-testid="help-categories">
              <Button
                size="sm"
                borderRadius="full"
                colorPalette="brand"
                variant={category ? 'outline' : 'solid'}
                aria-pressed={!category}
                onClick={() => update({ category: null })}
              >
                <FormattedMessage id="uc.help.all" />
              </Button>
              {HELP_CATEGORIES.map((c) => (
                <Button
                  key={c}
                  size="sm"
                  borderRadius="full"
                  colorPalette="brand"
                  variant={category === c ? 'solid' : 'outline'}
                  aria-pressed={category === c}
                  onClick={() => update({ category: c })}
                  data-testid={`help-category-${c}`}
                >
                  <FormattedMessage id={`uc.help.category.${c}`} />
                  {countOf(c) !== undefined ? ` (${countOf(c)})` : ''}
                </Button>
              ))}
            </Wrap>

            {answers.isError && !answers.data ? (
              <LoadFailure
                error={answers.error}
                messageId="uc.help.loadFailed"
                onRetry={() => void answers.refetch()}
                retrying={answers.isFetching}
              />
            ) : !answers.data ? (
              <Stack gap={3} aria-busy="true">
                {[1, 2, 3, 4].map((n) => (
                  <Skeleton key={n} height="56px" borderRadius="md" />
                ))}
              </Stack>
            ) : total === 0 ? (
              <ListEmpty
                testId="help-empty"
                titleId={keyword ? 'uc.help.empty.search' : 'uc.help.empty.title'}
                descriptionId="uc.help.empty.description"
                action={
                  <Button size="sm" variant="outline" onClick={openCustomerService}>
                    <FormattedMessage id="uc.help.contact" />
                  </Button>
                }
              />
            ) : (
              <Stack gap={4} opacity={answers.isPlaceholderData ? 0.6 : 1}>
                {keyword ? (
                  <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="help-result-count">
                    <FormattedMessage id="uc.help.results" values={{ total, keyword }} />
                  </Text>
                ) : null}
                <Answers key={`${category ?? ''}|${keyword}|${pageNo}`} list={answers.data.list} searching={Boolean(keyword)} />
                {total > HELP_PAGE_SIZE ? (
                  <Pager page={pageNo} pageSize={HELP_PAGE_SIZE} total={total} onPage={(page) => update({ page })} />
                ) : null}
              </Stack>
            )}

            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage
                id="uc.help.stillStuck"
                values={{
                  link: (chunks) => (
                    <Button
                      variant="plain"
                      size="sm"
                      p={0}
                      h="auto"
                      minW={0}
                      color="brand.fg"
                      textDecoration="underline"
                      onClick={openCustomerService}
                    >
                      {chunks}
                    </Button>
                  ),
                }}
              />
            </Text>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
