import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { credentialLine, IP_COLUMNS, ipCells, ipCsv, ipHeader, ipTxtLines } from './ipCells.ts';
import { toLiveIp } from './remaining.ts';
import { sampleIp } from './fixtures.ts';
import { ipFilter } from './useStaticIps.ts';

const intlEn = createIntl({ locale: 'en', messages: en });
const intlZh = createIntl({ locale: 'zh-CN', messages: zhCN });
const NOW = new Date(2024, 4, 1, 12).getTime();

describe('ipCells', () => {
  it('has the 12 columns with localized headers', () => {
    expect(IP_COLUMNS).toHaveLength(12);
    expect(ipHeader(intlEn)).toEqual([
      'Order number',
      'Host',
      'Port',
      'Account',
      'Password',
      'Exit IP',
      'Proxy type',
      'Region',
      'Time left',
      'Purchased',
      'Expires',
      'Status',
    ]);
    expect(ipHeader(intlZh)[8]).toBe('剩余时间');
  });

  it('describes an IP at a moment', () => {
    const ip = toLiveIp(sampleIp({ remainingMs: 2 * 86_400_000 + 3_600_000 }), NOW);
    expect(ipCells(ip, intlEn, NOW + 1000)).toEqual({
      orderNo: 'S202405010001',
      host: 'us1.proxy.example',
      port: '8000',
      account: 'u1',
      password: 'p@ss',
      outIp: '203.0.113.7',
      resourceType: 'Static ISP',
      region: 'United States · Dallas',
      remaining: '2d 0h 59m 59s',
      purchaseTime: '2024-05-01 10:00:00',
      expireTime: '2024-05-31 10:00:00',
      status: 'Active',
    });
    expect(ipCells(ip, intlZh, NOW + 3 * 86_400_000)).toMatchObject({
      region: '美国 · 达拉斯',
      remaining: '0天0小时0分0秒',
      status: '已过期',
      resourceType: '静态 ISP',
    });
  });
});

describe('exports', () => {
  const ips = [
    toLiveIp(sampleIp(), NOW),
    toLiveIp(sampleIp({ id: 12, host: '10.0.0.2', port: 1080, account: 'a,b', password: 'x:y', resourceType: 3 }), NOW),
  ];

  it('writes one host:port:account:password per line', () => {
    expect(credentialLine(ips[0] as never)).toBe('us1.proxy.example:8000:u1:p@ss');
    expect(ipTxtLines(ips)).toEqual(['us1.proxy.example:8000:u1:p@ss', '10.0.0.2:1080:a,b:x:y']);
  });

  it('writes every column to the CSV', () => {
    const csv = ipCsv(ips, intlEn, NOW);
    expect(csv.header).toHaveLength(12);
    expect(csv.rows).toHaveLength(2);
    expect(csv.rows[1]?.slice(0, 7)).toEqual([
      'S202405010001',
      '10.0.0.2',
      '1080',
      'a,b',
      'x:y',
      '203.0.113.7',
      'Native residential',
    ]);
  });
});

describe('ipFilter', () => {
  it('maps the type, status and keyword', () => {
    expect(ipFilter({ type: 12, status: 'expired', keyword: '  203.0 ', expiringToday: false }, NOW)).toEqual({
      resourceType: 12,
      status: 2,
      keyword: '203.0',
    });
    expect(ipFilter({ type: null, status: '', keyword: ' ', expiringToday: false }, NOW)).toEqual({});
  });

  it('asks for what expires before the next local midnight when "expiring today" is on', () => {
    expect(ipFilter({ type: null, status: 'normal', keyword: '', expiringToday: true }, NOW)).toEqual({
      status: 1,
      expireBefore: new Date(2024, 4, 2).getTime(),
    });
  });
});
