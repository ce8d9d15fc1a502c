import type { IntlShape } from 'react-intl';
import type { CsvCell } from '@portal/shared';
import { formatLocalTime, regionLabel } from '../../common/format.ts';
import { effectiveIpStatus, formatRemaining, type LiveIp, remainingAt } from './remaining.ts';

/** The 12 columns of the IP list (SPEC section 3), in order; the CSV has the same ones. */
export const IP_COLUMNS = [
  'orderNo',
  'host',
  'port',
  'account',
  'password',
  'outIp',
  'resourceType',
  'region',
  'remaining',
  'purchaseTime',
  'expireTime',
  'status',
] as const;
export type IpColumn = (typeof IP_COLUMNS)[number];

/** What proxy tools import: `host:port:account:password`. */
export const credentialLine = (ip: Pick<LiveIp, 'host' | 'port' | 'account' | 'password'>) =>
  `${ip.host}:${ip.port}:${ip.account}:${ip.password}`;

/** Every column of one IP as people read it at `now`, in the page's language (the password in clear: exports carry it). */
export function ipCells(ip: LiveIp, intl: IntlShape, now: number): Record<IpColumn, string> {
  return {
    orderNo: ip.orderNo,
    host: ip.host,
    port: String(ip.port),
    account: ip.account,
    password: ip.password,
    outIp: ip.outIp,
    resourceType: intl.formatMessage({ id: `static.type.${ip.resourceType}` }),
    region: regionLabel(ip.region, intl.locale),
    remaining: formatRemaining(remainingAt(ip, now), intl),
    purchaseTime: formatLocalTime(ip.purchaseTime),
    expireTime: formatLocalTime(ip.expireTime),
    status: intl.formatMessage({ id: `static.ipStatus.${effectiveIpStatus(ip, now)}` }),
  };
}

export const ipHeader = (intl: IntlShape) => IP_COLUMNS.map((c) => intl.formatMessage({ id: `static.ips.col.${c}` }));

/** The TXT export: one `host:port:account:password` per IP. */
export const ipTxtLines = (ips: readonly LiveIp[]) => ips.map(credentialLine);

/** The CSV export: every column. */
export function ipCsv(ips: readonly LiveIp[], intl: IntlShape, now: number): { header: string[]; rows: CsvCell[][] } {
  return {
    header: ipHeader(intl),
    rows: ips.map((ip) => {
      const cells = ipCells(ip, intl, now);
      return IP_COLUMNS.map((c) => cells[c]);
    }),
  };
}
