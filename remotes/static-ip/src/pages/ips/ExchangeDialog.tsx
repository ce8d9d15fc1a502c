import { Alert, Button, CloseButton, HStack, Portal, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Dialog, RadioCard } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, StaticErrorCode } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { message, QueryFailure } from '@portal/shared/ui';
import { localeKey } from '../../common/format.ts';
import { invalidateStaticLists, staticKeys } from '../../common/keys.ts';
import type { LiveIp } from './remaining.ts';
import { itemIdsParam } from './selection.ts';

/**
 * Exchanging IPs for fresh ones in another region of their type: the regions that can take all of
 * them (exchangeNode), one to choose, and "Exchange". Account, password and expiry stay as they are.
 */
export function ExchangeDialog({ ips, onClose, onDone }: { ips: LiveIp[] | null; onClose: () => void; onDone: () => void }) {
  return (
    <Dialog.Root open={ips !== null} onOpenChange={(d) => (d.open ? null : onClose())} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="exchange-dialog" mx={3}>
            {ips ? <ExchangeBody ips={ips} onClose={onClose} onDone={onDone} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ExchangeBody({ ips, onClose, onDone }: { ips: LiveIp[]; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const itemIds = itemIdsParam(ips.map((ip) => ip.id));
  const nodes = useQuery({
    queryKey: staticKeys.exchangeNodes(itemIds),
    queryFn: () => callApi(api.exchangeNode, { query: { itemIds } }),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'business') && count < 2,
  });
  const [regionId, setRegionId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lang = localeKey(intl.locale);

  const loadError = nodes.error instanceof ApiError && nodes.error.kind === 'business' ? nodes.error : null;
  const noRegion =
    (nodes.data !== undefined && nodes.data.length === 0) || loadError?.code === StaticErrorCode.NoReplaceableRegion;
  const chosen = nodes.data?.find((r) => r.id === regionId) ?? null;

  const confirm = async () => {
    if (!chosen) {
      setFailure(intl.formatMessage({ id: 'static.exchange.selectRegion' }));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const fresh = await callApi(api.shareExchange, { body: { itemIds: ips.map((ip) => ip.id), regionId: chosen.id } });
      message('success', intl.formatMessage({ id: 'static.exchange.done' }, { count: fresh.length }));
      await invalidateStaticLists(queryClient);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business') {
        setFailure(err.fieldErrors?.regionId || err.message || intl.formatMessage({ id: 'static.exchange.failed' }));
        if (err.code === StaticErrorCode.OutOfStock) void nodes.refetch();
      } else if (err instanceof ApiError) {
        setFailure(intl.formatMessage({ id: 'static.exchange.failed' }));
      } else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id="static.exchange.title" values={{ count: ips.length }} />
        </Dialog.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="static.exchange.keeps" />
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          {nodes.isPending ? (
            <Skeleton height="120px" borderRadius="l2" aria-busy="true" />
          ) : noRegion ? (
            <Alert.Root status="info" data-testid="exchange-empty">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="static.exchange.noRegion" />
              </Alert.Title>
            </Alert.Root>
          ) : loadError ? (
            <Alert.Root status="error" data-testid="exchange-error">
              <Alert.Indicator />
              <Alert.Title>{loadError.message || intl.formatMessage({ id: 'static.exchange.failed' })}</Alert.Title>
            </Alert.Root>
          ) : nodes.isError ? (
            <QueryFailure onRetry={() => void nodes.refetch()} />
          ) : (
            <Stack gap={2}>
              <Text fontWeight="medium" id="exchange-region-label">
                <FormattedMessage id="static.exchange.region" />
              </Text>
              <RadioCard.Root
                value={chosen ? String(chosen.id) : null}
                onValueChange={(d) => {
                  setRegionId(d.value ? Number(d.value) : null);
                  setFailure(null);
                }}
                colorPalette="brand"
                size="sm"
                aria-labelledby="exchange-region-label"
              >
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2}>
                  {nodes.data.map((r) => (
                    <RadioCard.Item key={r.id} value={String(r.id)} data-testid="exchange-region" data-region-id={r.id}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent gap={0.5}>
                          <HStack gap={2}>
                            <Text
                              as="span"
                              fontFamily="mono"
                              fontSize="xs"
                              fontWeight="bold"
                              px={1.5}
                              py={0.5}
                              borderRadius="sm"
                              bg="gray.100"
                              color="gray.700"
                              aria-hidden="true"
                            >
                              {r.countryCode}
                            </Text>
                            <RadioCard.ItemText fontWeight="semibold">{r.country[lang]}</RadioCard.ItemText>
                          </HStack>
                          <RadioCard.ItemDescription>
                            {r.city[lang]} · <FormattedMessage id="static.buy.available" values={{ count: r.available }} />
                          </RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </SimpleGrid>
              </RadioCard.Root>
            </Stack>
          )}
          {failure ? (
            <Alert.Root status="error" size="sm" data-testid="exchange-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id="static.action.cancel" />
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => void confirm()}
          loading={busy}
          disabled={nodes.isPending || noRegion || loadError !== null}
          data-testid="exchange-confirm"
        >
          <FormattedMessage id="static.exchange.confirm" />
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'static.action.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}
