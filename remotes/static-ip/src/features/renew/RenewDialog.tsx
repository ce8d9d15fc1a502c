import { Alert, Button, CloseButton, HStack, Portal, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Dialog, RadioCard } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, type StaticOrder } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { QueryFailure } from '@portal/shared/ui';
import { pickDuration, sortDurations, totalFen } from '../catalogue/selection.ts';
import { useDurations } from '../catalogue/queries.ts';

export interface RenewTarget {
  resourceType: ResourceType;
  /** How many IPs the renewal covers (the selection, or the IPs of an order). */
  count: number;
  /** An order's renewal counts the IPs the caller still holds: the total is then an estimate. */
  estimate: boolean;
  /** What is renewed, e.g. the order number; shown under the title. */
  subject?: string;
}

/**
 * Renewing IPs: a duration of their type, what it costs, and "Renew" which places the unpaid
 * renewal (`place`) and hands it on to be paid. A refusal ('Renewal failed') is said inline.
 */
export function RenewDialog({
  target,
  place,
  onPlaced,
  onClose,
}: {
  target: RenewTarget | null;
  place: (durationDays: number) => Promise<StaticOrder>;
  onPlaced: (order: StaticOrder) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(d) => (d.open ? null : onClose())}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="renew-dialog" mx={3}>
            {target ? <RenewBody target={target} place={place} onPlaced={onPlaced} onClose={onClose} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RenewBody({
  target,
  place,
  onPlaced,
  onClose,
}: {
  target: RenewTarget;
  place: (durationDays: number) => Promise<StaticOrder>;
  onPlaced: (order: StaticOrder) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const durations = useDurations(target.resourceType);
  const [days, setDays] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = sortDurations(durations.data ?? []);
  const chosen = pickDuration(list, days);
  const money = (fen: number) => formatFen(fen, intl.locale);

  const confirm = async () => {
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    try {
      const order = await place(chosen.days);
      onPlaced(order);
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'business' && err.message) setFailure(err.message);
      else if (err instanceof ApiError) setFailure(intl.formatMessage({ id: 'static.renew.failed' }));
      else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id="static.renew.title" values={{ count: target.count }} />
        </Dialog.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id={`static.type.${target.resourceType}`} />
          {target.subject ? ` · ${target.subject}` : ''}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          {durations.isError ? (
            <QueryFailure onRetry={() => void durations.refetch()} />
          ) : durations.isPending ? (
            <Skeleton height="120px" borderRadius="l2" aria-busy="true" />
          ) : list.length === 0 ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="static.renew.noDurations" />
              </Alert.Title>
            </Alert.Root>
          ) : (
            <Stack gap={2}>
              <Text fontWeight="medium" id="renew-duration-label">
                <FormattedMessage id="static.renew.duration" />
              </Text>
              <RadioCard.Root
                value={chosen ? String(chosen.days) : null}
                onValueChange={(d) => {
                  setDays(Number(d.value));
                  setFailure(null);
                }}
                colorPalette="brand"
                size="sm"
                aria-labelledby="renew-duration-label"
              >
                <SimpleGrid columns={{ base: 2, sm: 3 }} gap={2}>
                  {list.map((d) => (
                    <RadioCard.Item key={d.days} value={String(d.days)} data-testid="renew-duration" data-days={d.days}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <RadioCard.ItemText fontWeight="semibold">
                            <FormattedMessage id="static.duration.days" values={{ days: d.days }} />
                          </RadioCard.ItemText>
                          <RadioCard.ItemDescription>
                            <FormattedMessage id="static.duration.perIp" values={{ price: money(d.priceFen) }} />
                          </RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </SimpleGrid>
              </RadioCard.Root>
            </Stack>
          )}
          {chosen ? (
            <HStack justify="space-between" borderTopWidth="1px" pt={3}>
              <Text color="fg.muted">
                <FormattedMessage id={target.estimate ? 'static.renew.estimate' : 'static.renew.total'} />
              </Text>
              <Text fontWeight="bold" fontSize="lg" data-testid="renew-total">
                {money(totalFen(chosen.priceFen, target.count))}
              </Text>
            </HStack>
          ) : null}
          {target.estimate ? (
            <Text fontSize="xs" color="fg.muted">
              <FormattedMessage id="static.renew.estimateHint" />
            </Text>
          ) : null}
          {failure ? (
            <Alert.Root status="error" data-testid="renew-error">
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
        <Button colorPalette="brand" onClick={() => void confirm()} loading={busy} disabled={!chosen} data-testid="renew-confirm">
          <FormattedMessage id="static.renew.confirm" />
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'static.action.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}
