import { describe, expect, it } from 'vitest';
import { proxyGeneratorOptions, proxyListFile } from '../contract/proxy-list-links.ts';
import { parseUsername } from './credentials.ts';
import { proxyListRows, renderProxyList } from './list-file.ts';

const account = { username: 'u1abcdefg_shop', password: 'Secret234567' };
const endpoint = { host: 'gate.example.com', port: 7777 };
const options = proxyGeneratorOptions.parse({
  country: 'US',
  state: 'california',
  session: 'sticky',
  minutes: 10,
  protocol: 'http',
  endpointArea: 'global',
  lineFormat: 'user:pass@host:port',
  count: 3,
});

describe('proxy list file', () => {
  it('makes the generator lines with one random session per line', () => {
    let n = 10_000_000;
    const rows = proxyListRows(options, account, endpoint, () => n++);
    expect(rows.map((r) => r.line)).toEqual([
      'u1abcdefg_shop-zone-resi-region-US_california-sid-10000000-t-10:Secret234567@gate.example.com:7777',
      'u1abcdefg_shop-zone-resi-region-US_california-sid-10000001-t-10:Secret234567@gate.example.com:7777',
      'u1abcdefg_shop-zone-resi-region-US_california-sid-10000002-t-10:Secret234567@gate.example.com:7777',
    ]);
    expect(rows.every((r) => parseUsername(r.username)?.account === account.username)).toBe(true);
  });

  it('renders TXT with CRLF, CSV with the generator columns and JSON of the contract', () => {
    const rows = proxyListRows({ ...options, session: 'rotating', minutes: undefined, count: 2 }, account, endpoint);
    expect(renderProxyList('txt', account.username, rows)).toBe(`${rows[0]?.line}\r\n${rows[1]?.line}\r\n`);
    expect(renderProxyList('csv', account.username, rows)).toBe(
      '\uFEFFhost,port,username,password,protocol\r\n' +
        'gate.example.com,7777,u1abcdefg_shop-zone-resi-region-US_california,Secret234567,http\r\n'.repeat(2),
    );
    const json = proxyListFile.parse(JSON.parse(renderProxyList('json', account.username, rows)));
    expect(json).toMatchObject({ account: account.username, count: 2 });
  });

  it('leaves the password out of allow-list lines', () => {
    const rows = proxyListRows({ ...options, lineFormat: 'host:port:user', count: 1 }, account, endpoint);
    expect(rows[0]?.password).toBeNull();
    expect(rows[0]?.line).not.toContain(account.password);
  });

  it('refuses options the username rules refuse', () => {
    expect(proxyGeneratorOptions.safeParse({ ...options, minutes: 31 }).success).toBe(false);
    expect(proxyGeneratorOptions.safeParse({ ...options, state: undefined, city: 'losangeles' }).success).toBe(false);
    expect(proxyGeneratorOptions.safeParse({ ...options, count: 1001 }).success).toBe(false);
  });
});
