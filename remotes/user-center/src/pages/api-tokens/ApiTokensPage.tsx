import { Badge, Box, Button, Card, Container, HStack, Link as ChakraLink, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { API_TOKEN_MAX_PER_USER, type ApiToken, api } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { type ListColumn, message, PageHeader, QueryFailure, ResponsiveTable } from '@portal/shared/ui';
import { ConfirmDialog } from '@portal/shared/ui/forms';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { apiTokensKey, useApiTokens } from './useApiTokens.ts';

/** Personal API tokens for /api/v1/: create (shown once), list and revoke. */
export default function ApiTokensPage() {
  const intl = useIntl();
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const full = (tokens.data?.length ?? 0) >= API_TOKEN_MAX_PER_USER;

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.apiTokens" descriptionId="uc.apiTokens.description">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id="uc.apiTokens.docs"
              values={{
                openapi: (
                  <ChakraLink href="/api/v1/openapi.json" color="brand.fg" target="_blank" rel="noopener">
                    openapi.json
                  </ChakraLink>
                ),
              }}
            />
          </Text>
        </PageHeader>
        <Card.Root data-testid="api-tokens">
          <Card.Header>
            <HStack justify="space-between" align="flex-start" gap={3} flexWrap="wrap">
              <Stack gap={1}>
                <Card.Title as="h2">
                  <FormattedMessage id="uc.apiTokens.listTitle" />
                </Card.Title>
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage
                    id="uc.apiTokens.count"
                    values={{ count: tokens.data?.length ?? 0, max: API_TOKEN_MAX_PER_USER }}
                  />
                </Text>
              </Stack>
              <Button
                colorPalette="brand"
                onClick={() => setCreating(true)}
                disabled={full || tokens.isLoading}
                data-testid="api-token-new"
              >
                <FormattedMessage id="uc.apiTokens.new" />
              </Button>
            </HStack>
          </Card.Header>
          <Card.Body>
            {tokens.isLoading ? (
              <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.apiTokens.loading' })}>
                <Skeleton h="10" />
                <Skeleton h="10" />
              </Stack>
            ) : tokens.isError ? (
              <QueryFailure onRetry={() => void tokens.refetch()} />
            ) : !tokens.data?.length ? (
              <Stack align="center" py={8} gap={2} textAlign="center" data-testid="api-tokens-empty">
                <Text fontWeight="medium">
                  <FormattedMessage id="uc.apiTokens.empty" />
                </Text>
                <Text fontSize="sm" color="fg.muted" maxW="md">
                  <FormattedMessage id="uc.apiTokens.emptyHint" />
                </Text>
              </Stack>
            ) : (
              <TokenTable tokens={tokens.data} onRevoke={setRevoking} />
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </Container>
  );
}

/** Tokens as a table at md+ and cards on a phone: the name heads a card, Revoke ends it. */
function TokenTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (t: ApiToken) => void }) {
  const intl = useIntl();
  const label = (c: string) => intl.formatMessage({ id: `uc.apiTokens.col.${c}` });
  const columns: ListColumn<ApiToken>[] = [
    {
      key: 'name',
      label: label('name'),
      card: 'title',
      wrap: true,
      cell: (t) => (
        <Box as="span" display="block">
          <Text as="span" display="block" fontWeight="medium">
            {t.name}
          </Text>
          <Text as="span" display="block" fontFamily="mono" fontSize="xs" color="fg.muted" fontWeight="normal">
            {t.hint}…
          </Text>
        </Box>
      ),
    },
    {
      key: 'scopes',
      label: label('scopes'),
      wrap: true,
      cell: (t) => (
        <HStack gap={1} flexWrap="wrap" display="inline-flex" justify={{ base: 'flex-end', md: 'flex-start' }}>
          {t.scopes.map((s) => (
            <Badge key={s} fontFamily="mono" variant="subtle">
              {s}
            </Badge>
          ))}
        </HStack>
      ),
    },
    { key: 'created', label: label('created'), cell: (t) => <FormattedDate value={t.createdAt} dateStyle="medium" /> },
    {
      key: 'lastUsed',
      label: label('lastUsed'),
      cell: (t) =>
        t.lastUsedAt === null ? (
          <FormattedMessage id="uc.apiTokens.neverUsed" />
        ) : (
          <FormattedDate value={t.lastUsedAt} dateStyle="medium" timeStyle="short" />
        ),
    },
    {
      key: 'expires',
      label: label('expires'),
      cell: (t) =>
        t.expiresAt === null ? (
          <FormattedMessage id="uc.apiTokens.noExpiry" />
        ) : (
          <FormattedDate value={t.expiresAt} dateStyle="medium" />
        ),
    },
    {
      key: 'actions',
      label: label('actions'),
      card: 'action',
      cell: (t) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRevoke(t)} data-testid="api-token-revoke">
          <FormattedMessage id="uc.apiTokens.revoke" />
          <Text as="span" srOnly>
            {` ${t.name}`}
          </Text>
        </Button>
      ),
    },
  ];
  return (
    <ResponsiveTable
      testId="api-token-table"
      columns={columns}
      items={tokens}
      rowKey={(t) => t.id}
      rowProps={() => ({ 'data-testid': 'api-token-row' })}
      ariaLabel={intl.formatMessage({ id: 'uc.apiTokens.listTitle' })}
    />
  );
}

function RevokeDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => callApi(api.apiTokenRevoke, { body: { id } }, { silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiTokensKey });
      message('success', intl.formatMessage({ id: 'uc.apiTokens.revoked' }));
      onClose();
    },
    onError: (e) => {
      setFailure(
        e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.apiTokens.revokeFail' }),
      );
    },
  });
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={token !== null}
      title={<FormattedMessage id="uc.apiTokens.revokeTitle" />}
      confirmLabel={<FormattedMessage id="uc.apiTokens.revoke" />}
      destructive
      busy={revoke.isPending}
      failure={failure}
      onConfirm={() => token && revoke.mutate(token.id)}
      onCancel={close}
      testId="api-token-revoke-dialog"
      confirmTestId="api-token-revoke-confirm"
    >
      <FormattedMessage id="uc.apiTokens.revokeConfirm" values={{ name: <strong>{token?.name}</strong> }} />
    </ConfirmDialog>
  );
}
