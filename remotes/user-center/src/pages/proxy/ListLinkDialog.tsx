import { Alert, Box, Button, CloseButton, HStack, Portal, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Dialog, Input, RadioGroup } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api, PROXY_LIST_FORMATS, type ProxyAccount, type ProxyListFormat } from '@portal/shared';
import { ApiError, callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import { ActionFailure, copyText, message, QueryFailure } from '@portal/shared/ui';
import { listOptionsOf } from './generatorForm.ts';
import { ListLinkSettings } from './ListLinkSettings.tsx';
import type { GeneratorState } from './useGenerator.ts';
import { proxyKeys } from './keys.ts';

type Confirm = 'replace' | 'rotate' | 'revoke';

/**
 * An account's proxy list link (decision 0051): a URL that answers the account's lines as a file,
 * made with the generator's current settings. The URL is shown once, after create or rotate.
 */
export function ListLinkDialog({
  account,
  generator,
  onClose,
}: {
  account: ProxyAccount | null;
  generator: GeneratorState;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(false);
  const close = () => {
    setShown(false);
    onClose();
  };
  return (
    <Dialog.Root
      open={account !== null}
      onOpenChange={(d) => (d.open ? null : close())}
      placement="center"
      // While a new URL is on screen, only the buttons close the dialog: a stray click must not lose it.
      closeOnInteractOutside={!shown}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="proxy-list-link-dialog" mx={3}>
            {account ? <ListLinkPanel key={account.id} account={account} g={generator} onShown={setShown} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ListLinkPanel({ account, g, onShown }: { account: ProxyAccount; g: GeneratorState; onShown: (shown: boolean) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: proxyKeys.listLinks,
    queryFn: () => callApi(api.proxyListLinkList),
    meta: NO_ERROR_PAGE,
  });
  const link = links.data?.find((l) => l.accountId === account.id) ?? null;
  const [format, setFormat] = useState<ProxyListFormat | null>(null);
  const chosen = format ?? link?.format ?? 'txt';
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = listOptionsOf(g.form);

  const act = async (work: () => Promise<string | null>, okId: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await work();
      setUrl(next);
      onShown(next !== null);
      setConfirm(null);
      await queryClient.invalidateQueries({ queryKey: proxyKeys.listLinks });
      message('success', intl.formatMessage({ id: okId }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setFailure(err.kind === 'business' || err.fieldErrors ? err.message : intl.formatMessage({ id: 'uc.proxy.listLink.fail' }));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    options &&
    act(
      async () =>
        (await callApi(api.proxyListLinkCreate, { body: { accountId: account.id, format: chosen, options } }, { silent: true }))
          .url,
      'uc.proxy.listLink.created',
    );
  const rotate = () =>
    act(
      async () => (await callApi(api.proxyListLinkRotate, { body: { accountId: account.id } }, { silent: true })).url,
      'uc.proxy.listLink.rotated',
    );
  const revoke = () =>
    act(async () => {
      await callApi(api.proxyListLinkRevoke, { body: { accountId: account.id } }, { silent: true });
      return null;
    }, 'uc.proxy.listLink.revoked');
  const run: Record<Confirm, () => unknown> = { replace: create, rotate, revoke };

  const copy = async () => {
    const ok = url !== null && (await copyText(url));
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'uc.proxy.copied' : 'uc.proxy.copyFail' }));
  };

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id="uc.proxy.listLink.title" />
        </Dialog.Title>
        <Text fontFamily="mono" fontSize="sm" color="fg.muted" wordBreak="break-all">
          {account.username}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text fontSize="sm">
            <FormattedMessage id="uc.proxy.listLink.hint" />
          </Text>
          {url ? (
            <Stack gap={2} data-testid="proxy-list-link-new">
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>
                  <FormattedMessage id="uc.proxy.listLink.once" />
                </Alert.Title>
              </Alert.Root>
              <HStack align="stretch" gap={2} flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
                <Input
                  readOnly
                  value={url}
                  fontFamily="mono"
                  fontSize="sm"
                  aria-label={intl.formatMessage({ id: 'uc.proxy.listLink.urlLabel' })}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="proxy-list-link-url"
                />
                <Button onClick={() => void copy()} colorPalette="brand" data-testid="proxy-list-link-copy">
                  <FormattedMessage id="uc.proxy.listLink.copy" />
                </Button>
              </HStack>
            </Stack>
          ) : null}
          {links.isError ? (
            <QueryFailure onRetry={() => void links.refetch()} />
          ) : links.isPending ? (
            <Skeleton height="2.5rem" borderRadius="l2" />
          ) : link ? (
            <Text fontSize="sm" data-testid="proxy-list-link-current">
              <FormattedMessage
                id="uc.proxy.listLink.current"
                values={{
                  format: link.format.toUpperCase(),
                  created: <FormattedDate value={link.createdAt} dateStyle="medium" timeStyle="short" />,
                  used:
                    link.lastUsedAt === null ? (
                      intl.formatMessage({ id: 'uc.proxy.listLink.neverUsed' })
                    ) : (
                      <FormattedDate value={link.lastUsedAt} dateStyle="medium" timeStyle="short" />
                    ),
                }}
              />
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="proxy-list-link-none">
              <FormattedMessage id="uc.proxy.listLink.none" />
            </Text>
          )}
          <ListLinkSettings g={g} />
          {options ? null : (
            <Alert.Root status="error" size="sm" data-testid="proxy-list-link-invalid">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="uc.proxy.listLink.fixGenerator" />
              </Alert.Title>
            </Alert.Root>
          )}
          <Stack gap={2}>
            <Text fontWeight="medium" fontSize="sm" id="list-link-format-label">
              <FormattedMessage id="uc.proxy.listLink.fileFormat" />
            </Text>
            <RadioGroup.Root
              value={chosen}
              onValueChange={(d) => setFormat(d.value as ProxyListFormat)}
              aria-labelledby="list-link-format-label"
              colorPalette="brand"
            >
              <HStack gap={6}>
                {PROXY_LIST_FORMATS.map((f) => (
                  <RadioGroup.Item key={f} value={f} data-testid={`proxy-list-link-format-${f}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{f.toUpperCase()}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Stack>
        </Stack>
      </Dialog.Body>
      {/* The question takes the buttons' place, so it is on screen where the button was pressed. */}
      <Dialog.Footer flexWrap="wrap" gap={2}>
        {failure ? (
          <Box w="full">
            <ActionFailure message={failure} testId="proxy-list-link-error" size="sm" />
          </Box>
        ) : null}
        {confirm ? (
          <Alert.Root status="warning" data-testid="proxy-list-link-confirm" role="alert">
            <Alert.Indicator />
            <Stack gap={3} flex="1">
              <Alert.Title>
                <FormattedMessage id={`uc.proxy.listLink.confirm.${confirm}`} />
              </Alert.Title>
              <HStack gap={2} wrap="wrap" justify="flex-end">
                <Button size="sm" variant="outline" onClick={() => setConfirm(null)} disabled={busy} autoFocus>
                  <FormattedMessage id="uc.proxy.cap.cancel" />
                </Button>
                <Button
                  size="sm"
                  colorPalette={confirm === 'revoke' ? 'red' : 'brand'}
                  loading={busy}
                  onClick={() => void run[confirm]()}
                  data-testid="proxy-list-link-confirm-yes"
                >
                  <FormattedMessage id={`uc.proxy.listLink.${confirm}`} />
                </Button>
              </HStack>
            </Stack>
          </Alert.Root>
        ) : (
          <>
            {link ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setConfirm('rotate')}
                  disabled={busy}
                  data-testid="proxy-list-link-rotate"
                >
                  <FormattedMessage id="uc.proxy.listLink.rotate" />
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  colorPalette="red"
                  onClick={() => setConfirm('revoke')}
                  disabled={busy}
                  data-testid="proxy-list-link-revoke"
                >
                  <FormattedMessage id="uc.proxy.listLink.revoke" />
                </Button>
              </>
            ) : null}
            <Button
              colorPalette="brand"
              size="sm"
              loading={busy && confirm === null}
              disabled={!options || links.isPending || links.isError}
              onClick={() => (link ? setConfirm('replace') : void create())}
              data-testid="proxy-list-link-create"
            >
              <FormattedMessage id={link ? 'uc.proxy.listLink.replace' : 'uc.proxy.listLink.create'} />
            </Button>
          </>
        )}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'uc.proxy.cap.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}
