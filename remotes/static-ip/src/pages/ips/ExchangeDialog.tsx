import { Alert, Button, DataList, Skeleton, Stack, Text, VisuallyHidden } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, StaticErrorCode, type StaticIp } from '@portal/shared';
import { ApiError, callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import { ActionFailure, MessageAlert, message, QueryFailure } from '@portal/shared/ui';
import { ChoiceCard, ChoiceCardGroup } from '@portal/shared/ui/forms';
import { localeKey, regionLabel } from '../../common/format.ts';
import { invalidateStaticLists, staticKeys } from '../../common/keys.ts';
import { CancelOrConfirm, DialogSections, LabelledChoice, StaticDialog } from '../../common/StaticDialog.tsx';
import { useSubmit } from '../../common/useSubmit.ts';
import { RegionTitle } from '../../features/catalogue/RegionTitle.tsx';
import type { LiveIp } from './remaining.ts';
import { itemIdsParam } from './selection.ts';

/**
 * Exchanging IPs for fresh ones in another region of their type: the regions that can take all of
 * them (exchangeNode), one to choose, a review of what changes, and "Exchange". The new host and
 * port are only known once shareExchange answers (it picks the nodes), so the review names the new
 * region and the result shows each old and new host:port. Account, password and expiry stay.
 */
export function ExchangeDialog({ ips, onClose, onDone }: { ips: LiveIp[] | null; onClose: () => void; onDone: () => void }) {
  return (
    <StaticDialog open={ips !== null} onClose={onClose} testId="exchange-dialog">
      {ips ? <ExchangeBody ips={ips} onClose={onClose} onDone={onDone} /> : null}
    </StaticDialog>
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
    meta: NO_ERROR_PAGE,
  });
  const [regionId, setRegionId] = useState<number | null>(null);
  // Choose a region, review what changes, then see the new host:port (only known once exchanged).
  const [step, setStep] = useState<'choose' | 'review'>('choose');
  const [fresh, setFresh] = useState<StaticIp[] | null>(null);
  const { busy, failure, setFailure, run } = useSubmit('static.exchange.failed');
  const lang = localeKey(intl.locale);

  const loadError = nodes.error instanceof ApiError && nodes.error.kind === 'business' ? nodes.error : null;
  const noRegion =
    (nodes.data !== undefined && nodes.data.length === 0) || loadError?.code === StaticErrorCode.NoReplaceableRegion;
  const chosen = nodes.data?.find((r) => r.id === regionId) ?? null;

  const review = () => {
    if (!chosen) {
      setFailure(intl.formatMessage({ id: 'static.exchange.selectRegion' }));
      return;
    }
    setFailure(null);
    setStep('review');
  };

  const confirm = () => {
    if (!chosen) return;
    void run(
      async () => {
        const exchanged = await callApi(api.shareExchange, { body: { itemIds: ips.map((ip) => ip.id), regionId: chosen.id } });
        message('success', intl.formatMessage({ id: 'static.exchange.done' }, { count: exchanged.length }));
        setFresh(exchanged);
        await invalidateStaticLists(queryClient);
      },
      (err, failed) => {
        if (err.code === StaticErrorCode.OutOfStock) {
          void nodes.refetch();
          setStep('choose');
        }
        return err.fieldErrors?.regionId || err.message || failed;
      },
    );
  };

  const title = <FormattedMessage id="static.exchange.title" values={{ count: ips.length }} />;
  if (fresh) {
    return (
      <DialogSections
        title={<FormattedMessage id="static.exchange.resultTitle" values={{ count: fresh.length }} />}
        subtitle={
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="static.exchange.resultHint" />
          </Text>
        }
        footer={
          <Button colorPalette="brand" onClick={onDone} data-testid="exchange-done">
            <FormattedMessage id="static.exchange.close" />
          </Button>
        }
      >
        <HostChanges ips={ips} fresh={fresh} />
      </DialogSections>
    );
  }
  if (step === 'review' && chosen) {
    return (
      <DialogSections
        title={title}
        subtitle={
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="static.exchange.reviewHint" />
          </Text>
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setStep('choose')} disabled={busy} data-testid="exchange-back">
              <FormattedMessage id="static.exchange.back" />
            </Button>
            <Button colorPalette="brand" onClick={confirm} loading={busy} data-testid="exchange-confirm">
              <FormattedMessage id="static.exchange.confirm" />
            </Button>
          </>
        }
      >
        <Stack gap={3} data-testid="exchange-review">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="static.exchange.from" />
              </DataList.ItemLabel>
              <DataList.ItemValue>
                {[...new Set(ips.map((ip) => regionLabel(ip.region, intl.locale)))].join(intl.locale === 'en' ? ', ' : '、')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="static.exchange.to" />
              </DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold" data-testid="exchange-review-region">
                {regionLabel(chosen, intl.locale)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="static.exchange.changes" values={{ count: ips.length }} />
              </Alert.Title>
              <Alert.Description>
                <FormattedMessage id="static.exchange.keeps" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Stack as="ul" gap={1} listStyleType="none" ps={0} aria-label={intl.formatMessage({ id: 'static.exchange.current' })}>
            {ips.map((ip) => (
              <Text as="li" key={ip.id} fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
                {ip.host}:{ip.port}
              </Text>
            ))}
          </Stack>
        </Stack>
        <ActionFailure message={failure} testId="exchange-error" size="sm" />
      </DialogSections>
    );
  }

  return (
    <DialogSections
      title={title}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="static.exchange.keeps" />
        </Text>
      }
      footer={
        <CancelOrConfirm
          onCancel={onClose}
          onConfirm={review}
          busy={false}
          disabled={nodes.isPending || noRegion || loadError !== null}
          testId="exchange-next"
        >
          <FormattedMessage id="static.exchange.next" />
        </CancelOrConfirm>
      }
    >
      {nodes.isPending ? (
        <Skeleton height="120px" borderRadius="l2" aria-busy="true" />
      ) : noRegion ? (
        <MessageAlert status="info" id="static.exchange.noRegion" testId="exchange-empty" />
      ) : loadError ? (
        <ActionFailure
          message={loadError.message || intl.formatMessage({ id: 'static.exchange.failed' })}
          testId="exchange-error"
        />
      ) : nodes.isError ? (
        <QueryFailure onRetry={() => void nodes.refetch()} />
      ) : (
        <LabelledChoice label="static.exchange.region" labelId="exchange-region-label">
          <ChoiceCardGroup
            value={chosen ? String(chosen.id) : null}
            onValueChange={(d) => {
              setRegionId(d.value ? Number(d.value) : null);
              setFailure(null);
            }}
            size="sm"
            aria-labelledby="exchange-region-label"
            columns={{ base: 1, sm: 2 }}
            gap={2}
          >
            {nodes.data.map((r) => (
              <ChoiceCard
                key={r.id}
                value={String(r.id)}
                data-testid="exchange-region"
                data-region-id={r.id}
                contentProps={{ gap: 0.5 }}
              >
                <RegionTitle region={r} lang={lang} />
                <RadioCard.ItemDescription>
                  {r.city[lang]} · <FormattedMessage id="static.buy.available" values={{ count: r.available }} />
                </RadioCard.ItemDescription>
              </ChoiceCard>
            ))}
          </ChoiceCardGroup>
        </LabelledChoice>
      )}
      <ActionFailure message={failure} testId="exchange-error" size="sm" />
    </DialogSections>
  );
}

/** Each exchanged IP's old and new host:port, the new one to copy into the proxy tool. */
function HostChanges({ ips, fresh }: { ips: LiveIp[]; fresh: StaticIp[] }) {
  const intl = useIntl();
  const before = new Map(ips.map((ip) => [ip.id, `${ip.host}:${ip.port}`]));
  return (
    <Stack as="ul" gap={2} listStyleType="none" ps={0} data-testid="exchange-result">
      {fresh.map((ip) => (
        <Stack as="li" key={ip.id} gap={0.5} borderWidth="1px" borderRadius="l2" px={3} py={2} data-testid="exchange-result-ip">
          <Text fontSize="xs" color="fg.muted">
            {regionLabel(ip.region, intl.locale)}
          </Text>
          <Text fontFamily="mono" fontSize="sm" color="fg.muted" textDecoration="line-through" overflowWrap="anywhere">
            <VisuallyHidden>
              <FormattedMessage id="static.exchange.oldHost" />
            </VisuallyHidden>
            {before.get(ip.id)}
          </Text>
          <Text fontFamily="mono" fontWeight="semibold" overflowWrap="anywhere" data-testid="exchange-new-host">
            <VisuallyHidden>
              <FormattedMessage id="static.exchange.newHost" />
            </VisuallyHidden>
            {ip.host}:{ip.port}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
