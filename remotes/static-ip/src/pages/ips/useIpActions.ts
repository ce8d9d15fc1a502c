import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StaticOrder } from '@portal/shared';
import { copyText, message, useFileExport } from '@portal/shared/ui';
import type { RenewTarget } from '../../features/renew/RenewDialog.tsx';
import { credentialLine, ipCsv, ipTxtLines } from './ipCells.ts';
import type { LiveIp } from './remaining.ts';
import { exchangeProblem, type IpSelection, renewProblem, sharedType } from './selection.ts';
import { fetchAllIps, type StaticIpFilter } from './useStaticIps.ts';

/**
 * What the IP page does with its rows: the selection, exports, copying a credential, and starting a
 * renewal or an exchange of the selected IPs (with the reason when they cannot be).
 */
export function useIpActions(filter: StaticIpFilter) {
  const intl = useIntl();
  const file = useFileExport();
  const [selection, setSelection] = useState<IpSelection>(new Map());
  const [actionError, setActionError] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<LiveIp[] | null>(null);
  const [exchanging, setExchanging] = useState<LiveIp[] | null>(null);
  const [paying, setPaying] = useState<StaticOrder | null>(null);

  // Another filter is another list: what was chosen in the old one no longer applies.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filter changes
  useEffect(() => {
    setSelection(new Map());
    setActionError(null);
  }, [filterKey]);

  const selected = [...selection.values()];

  const exportIps = (kind: 'txt' | 'csv') =>
    file.run(async () => {
      const rows = selected.length > 0 ? selected : await fetchAllIps(filter);
      const now = Date.now();
      return kind === 'txt'
        ? { kind, name: 'static-ips', lines: ipTxtLines(rows) }
        : { kind, name: 'static-ips', ...ipCsv(rows, intl, now) };
    });

  /** Renews the selected IPs, or one IP from its own row (the card's button on a phone). */
  const startRenew = (ips: LiveIp[] = selected) => {
    const problem = renewProblem(ips);
    setActionError(problem ? intl.formatMessage({ id: problem }) : null);
    if (!problem) setRenewing(ips);
  };
  const startExchange = () => {
    const problem = exchangeProblem(selected);
    setActionError(problem ? intl.formatMessage({ id: problem }) : null);
    if (!problem) setExchanging(selected);
  };

  const renewType = renewing ? sharedType(renewing) : null;
  const renewTarget: RenewTarget | null =
    renewing && renewType !== null ? { resourceType: renewType, count: renewing.length, estimate: false } : null;

  const copy = async (ip: LiveIp) => {
    const ok = await copyText(credentialLine(ip));
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'static.copy.done' : 'static.copy.failed' }));
  };

  return {
    selection,
    setSelection,
    actionError,
    exporting: file.exporting,
    exportIps,
    startRenew,
    startExchange,
    copy,
    renewing,
    setRenewing,
    renewTarget,
    exchanging,
    setExchanging,
    paying,
    setPaying,
  };
}
