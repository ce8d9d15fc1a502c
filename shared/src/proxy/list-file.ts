/**
 * The file of a proxy list link (docs/decisions/0051): the generator's lines for an account, as TXT
 * (one line each, CRLF, as the generator's download), CSV (the generator's CSV columns) or JSON.
 */
import type { ProxyGeneratorOptions, ProxyListFormat } from '../contract/proxy-list-links.ts';
import { proxyParamsOf } from '../contract/proxy-list-links.ts';
import { toCsv } from '../format/csv.ts';
import { buildUsername, type Endpoint, formatHasPassword, formatLine, type RandomInt } from './credentials.ts';

export interface ProxyListRow {
  line: string;
  host: string;
  port: number;
  username: string;
  password: string | null;
  protocol: ProxyGeneratorOptions['protocol'];
}

/** The lines of the options for one account and endpoint; each sticky line without an id draws its own. */
export function proxyListRows(
  options: ProxyGeneratorOptions,
  account: { username: string; password: string },
  endpoint: Endpoint,
  random?: RandomInt,
): ProxyListRow[] {
  const params = proxyParamsOf(options, account.username);
  const password = formatHasPassword(options.lineFormat) ? account.password : null;
  return Array.from({ length: options.count }, () => {
    const username = buildUsername(params, random);
    return {
      line: formatLine(options.lineFormat, options.protocol, endpoint, username, account.password),
      host: endpoint.host,
      port: endpoint.port,
      username,
      password,
      protocol: options.protocol,
    };
  });
}

export const PROXY_LIST_CONTENT_TYPES: Record<ProxyListFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The body of the file in a format. */
export function renderProxyList(format: ProxyListFormat, account: string, rows: ProxyListRow[]): string {
  switch (format) {
    case 'txt':
      return `${rows.map((r) => r.line).join('\r\n')}\r\n`;
    case 'csv':
      return toCsv(
        ['host', 'port', 'username', 'password', 'protocol'],
        rows.map((r) => [r.host, r.port, r.username, r.password ?? '', r.protocol]),
      );
    case 'json':
      return JSON.stringify({ account, count: rows.length, proxies: rows });
  }
}
