import { useState } from 'react';
import { type ResourceType, StaticErrorCode, type StaticOrder } from '@portal/shared';
import { useSubmit } from '../../common/useSubmit.ts';
import { createStaticOrder } from '../../features/catalogue/calls.ts';
import { useDurations, useRegions } from '../../features/catalogue/queries.ts';
import {
  clampCount,
  maxCount,
  parseCount,
  pickDuration,
  pickRegion,
  REMARK_MAX,
  sortDurations,
  totalFen,
} from '../../features/catalogue/selection.ts';

/**
 * The state of one type's buy form: the catalogue, the choices (region, duration, count, remark),
 * what they cost, and `buy`, which places the order and hands it on to be paid.
 */
export function useBuyForm(type: ResourceType, onOrdered: (order: StaticOrder) => void) {
  const regions = useRegions(type);
  const durations = useDurations(type);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const [countText, setCountText] = useState('1');
  const [remark, setRemark] = useState('');
  const { busy, failure, setFailure, run } = useSubmit('static.buy.failed');

  const regionList = regions.data ?? [];
  const durationList = sortDurations(durations.data ?? []);
  const region = pickRegion(regionList, regionId);
  const duration = pickDuration(durationList, days);
  const max = region ? maxCount(region.available) : 0;
  const count = parseCount(countText, max);
  const total = duration && count !== null ? totalFen(duration.priceFen, count) : null;
  const remarkTooLong = remark.trim().length > REMARK_MAX;
  const ready = region !== null && duration !== null && count !== null && !remarkTooLong;

  // A new choice makes the last refusal stale.
  const chooseRegion = (id: number) => {
    setRegionId(id);
    setFailure(null);
    const next = regionList.find((r) => r.id === id);
    const parsed = Number(countText);
    if (next) setCountText(String(clampCount(Number.isFinite(parsed) ? parsed : 1, maxCount(next.available))));
  };
  const chooseDays = (value: string | null) => {
    if (value) setDays(Number(value));
    setFailure(null);
  };
  const typeCount = (text: string) => {
    setCountText(text);
    setFailure(null);
  };

  const buy = () => {
    if (!ready) return;
    void run(
      async () => onOrdered(await createStaticOrder(type, { regionId: region.id, count, durationDays: duration.days, remark })),
      (err) => {
        // Someone else bought the last IPs: show the stock as it is now.
        if (err.code === StaticErrorCode.OutOfStock || err.code === StaticErrorCode.RegionNotFound) void regions.refetch();
        if (err.code === StaticErrorCode.DurationNotOffered) void durations.refetch();
        return err.fieldErrors ? Object.values(err.fieldErrors)[0] || err.message : err.message;
      },
    );
  };

  return {
    regions,
    durations,
    durationList,
    region,
    duration,
    max,
    countText,
    count,
    total,
    remark,
    remarkTooLong,
    ready,
    busy,
    failure,
    chooseRegion,
    chooseDays,
    typeCount,
    setRemark,
    buy,
  };
}

export type BuyForm = ReturnType<typeof useBuyForm>;
