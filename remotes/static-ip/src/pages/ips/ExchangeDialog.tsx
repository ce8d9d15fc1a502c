import { Skeleton, Text } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, StaticErrorCode } from '@portal/shared';
import { ApiError, callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import { ActionFailure, MessageAlert, message, QueryFailure } from '@portal/shared/ui';
import { ChoiceCard, ChoiceCardGroup } from '@portal/shared/ui/forms';
import { localeKey } from '../../common/format.ts';
import { invalidateStaticLists, staticKeys } from '../../common/keys.ts';
import { CancelOrConfirm, DialogSections, LabelledChoice, StaticDialog } from '../../common/StaticDialog.tsx';
import { useSubmit } from '../../common/useSubmit.ts';
import { RegionTitle } from '../../features/catalogue/RegionTitle.tsx';
import type { LiveIp } from './remaining.ts';
import { itemIdsParam } from './selection.ts';

/**
 * Exchanging IPs for fresh ones in another region of their type: the regions that can take all of
 * them (exchangeNode), one to choose, and "Exchange". Account, password and expiry stay as they are.
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
  const { busy, failure, setFailure, run } = useSubmit('static.exchange.failed');
  const lang = localeKey(intl.locale);

  const loadError = nodes.error instanceof ApiError && nodes.error.kind === 'business' ? nodes.error : null;
  const noRegion =
    (nodes.data !== undefined && nodes.data.length === 0) || loadError?.code === StaticErrorCode.NoReplaceableRegion;
  const chosen = nodes.data?.find((r) => r.id === regionId) ?? null;

  const confirm = () => {
    if (!chosen) {
      setFailure(intl.formatMessage({ id: 'static.exchange.selectRegion' }));
      return;
    }
    void run(
      async () => {
        const fresh = await callApi(api.shareExchange, { body: { itemIds: ips.map((ip) => ip.id), regionId: chosen.id } });
        message('success', intl.formatMessage({ id: 'static.exchange.done' }, { count: fresh.length }));
        await invalidateStaticLists(queryClient);
        onDone();
      },
      (err, failed) => {
        if (err.code === StaticErrorCode.OutOfStock) void nodes.refetch();
        return err.fieldErrors?.regionId || err.message || failed;
      },
    );
  };

  return (
    <DialogSections
      title={<FormattedMessage id="static.exchange.title" values={{ count: ips.length }} />}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="static.exchange.keeps" />
        </Text>
      }
      footer={
        <CancelOrConfirm
          onCancel={onClose}
          onConfirm={confirm}
          busy={busy}
          disabled={nodes.isPending || noRegion || loadError !== null}
          testId="exchange-confirm"
        >
          <FormattedMessage id="static.exchange.confirm" />
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
