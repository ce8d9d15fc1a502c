import { HStack, Skeleton, Text } from '@portal/shared/chakra';
import { RadioCard } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, type StaticOrder } from '@portal/shared';
import { ActionFailure, MessageAlert, QueryFailure } from '@portal/shared/ui';
import { ChoiceCard, ChoiceCardGroup } from '@portal/shared/ui/forms';
import { CancelOrConfirm, DialogSections, LabelledChoice, StaticDialog } from '../../common/StaticDialog.tsx';
import { useSubmit } from '../../common/useSubmit.ts';
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
    <StaticDialog open={target !== null} onClose={onClose} testId="renew-dialog">
      {target ? <RenewBody target={target} place={place} onPlaced={onPlaced} onClose={onClose} /> : null}
    </StaticDialog>
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
  const { busy, failure, setFailure, run } = useSubmit('static.renew.failed');
  const list = sortDurations(durations.data ?? []);
  const chosen = pickDuration(list, days);
  const money = (fen: number) => formatFen(fen, intl.locale);

  const confirm = () => {
    if (!chosen) return;
    void run(async () => onPlaced(await place(chosen.days)));
  };

  return (
    <DialogSections
      title={<FormattedMessage id="static.renew.title" values={{ count: target.count }} />}
      subtitle={
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id={`static.type.${target.resourceType}`} />
          {target.subject ? ` · ${target.subject}` : ''}
        </Text>
      }
      footer={
        <CancelOrConfirm onCancel={onClose} onConfirm={confirm} busy={busy} disabled={!chosen} testId="renew-confirm">
          <FormattedMessage id="static.renew.confirm" />
        </CancelOrConfirm>
      }
    >
      {durations.isError ? (
        <QueryFailure onRetry={() => void durations.refetch()} />
      ) : durations.isPending ? (
        <Skeleton height="120px" borderRadius="l2" aria-busy="true" />
      ) : list.length === 0 ? (
        <MessageAlert status="warning" id="static.renew.noDurations" />
      ) : (
        <LabelledChoice label="static.renew.duration" labelId="renew-duration-label">
          <ChoiceCardGroup
            value={chosen ? String(chosen.days) : null}
            onValueChange={(d) => {
              setDays(Number(d.value));
              setFailure(null);
            }}
            size="sm"
            aria-labelledby="renew-duration-label"
            columns={{ base: 2, sm: 3 }}
            gap={2}
          >
            {list.map((d) => (
              <ChoiceCard key={d.days} value={String(d.days)} data-testid="renew-duration" data-days={d.days} indicator={false}>
                <RadioCard.ItemText fontWeight="semibold">
                  <FormattedMessage id="static.duration.days" values={{ days: d.days }} />
                </RadioCard.ItemText>
                <RadioCard.ItemDescription>
                  <FormattedMessage id="static.duration.perIp" values={{ price: money(d.priceFen) }} />
                </RadioCard.ItemDescription>
              </ChoiceCard>
            ))}
          </ChoiceCardGroup>
        </LabelledChoice>
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
      <ActionFailure message={failure} testId="renew-error" />
    </DialogSections>
  );
}
