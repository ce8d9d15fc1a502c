import { Badge, Card, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api, type MemberSignIn, SIGN_IN_HISTORY_DAYS } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { type ListColumn, Pager, QueryFailure, ResponsiveTable } from '@portal/shared/ui';
import { deviceName } from './deviceName.ts';

export const signInsKey = ['member-sign-ins'] as const;
const PAGE_SIZE = 10;

/** The member's sign-in attempts of the last 90 days, newest first, with paging (decision 0052). */
export function SignInHistoryCard() {
  const intl = useIntl();
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery({
    queryKey: [...signInsKey, pageNo],
    queryFn: () => callApi(api.memberSignInPage, { query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const label = (c: string) => intl.formatMessage({ id: `uc.signIns.col.${c}` });
  const columns: ListColumn<MemberSignIn>[] = [
    {
      key: 'time',
      label: label('time'),
      card: 'title',
      cell: (r) => <FormattedDate value={r.createdAt} dateStyle="medium" timeStyle="short" />,
    },
    {
      key: 'result',
      label: label('result'),
      cell: (r) => (
        <Badge colorPalette={r.result === 'success' ? 'green' : 'red'} variant="subtle" data-testid="sign-in-result">
          <FormattedMessage id={`uc.signIns.result.${r.result}`} />
        </Badge>
      ),
    },
    {
      key: 'device',
      label: label('device'),
      wrap: true,
      cell: (r) => {
        const { browser, system } = deviceName(intl, r.device);
        return `${browser} · ${system}`;
      },
    },
    {
      key: 'ip',
      label: label('ip'),
      cell: (r) => (
        <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {r.ip || '—'}
        </Text>
      ),
    },
  ];
  return (
    <Card.Root data-testid="sign-ins">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.signIns.title" />
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.signIns.description" values={{ days: SIGN_IN_HISTORY_DAYS }} />
        </Text>
      </Card.Header>
      <Card.Body>
        {history.isLoading ? (
          <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.signIns.loading' })}>
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : history.isError || !history.data ? (
          <QueryFailure onRetry={() => void history.refetch()} />
        ) : history.data.total === 0 ? (
          <Text color="fg.muted" textAlign="center" py={6} data-testid="sign-ins-empty">
            <FormattedMessage id="uc.signIns.empty" />
          </Text>
        ) : (
          <Stack gap={4}>
            <ResponsiveTable
              testId="sign-in-table"
              columns={columns}
              items={history.data.list}
              rowKey={(r) => r.id}
              rowProps={() => ({ 'data-testid': 'sign-in-row' })}
              ariaLabel={intl.formatMessage({ id: 'uc.signIns.title' })}
            />
            {history.data.total > PAGE_SIZE ? (
              <Pager page={pageNo} pageSize={PAGE_SIZE} total={history.data.total} onPage={setPageNo} />
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
