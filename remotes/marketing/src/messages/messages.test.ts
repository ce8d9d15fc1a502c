import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { BLOG_TAGS, COMPONENT_STATES, INCIDENT_SEVERITIES, INCIDENT_STATES, STATUS_PRODUCTS } from '@portal/shared';
import { USE_CASES } from '../features/sections/useCases.ts';
import en from './en.json';
import zhCN from './zh-CN.json';

// happy-dom replaces URL, so the path is taken from import.meta.dirname rather than a file: URL.
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LANDING_HIGHLIGHTS = {
  dynamic: ['pool', 'rotation', 'billing', 'invalid'],
  static: ['dedicated', 'types', 'renew', 'exchange'],
  native: ['registered', 'platforms', 'dedicated', 'protocols'],
};

/** Ids built at run time (`marketing.useCase.${key}.title`), listed with every value they take. */
const DYNAMIC_IDS = [
  ...USE_CASES.flatMap((u) =>
    ['title', 'short', 'more', 'p1', 'p2', 'point1', 'point2', 'point3'].map((f) => `marketing.useCase.${u.key}.${f}`),
  ),
  ...['dynamic', 'static', 'native'].flatMap((p) =>
    ['name', 'pitch', 'point1', 'point2', 'point3'].map((f) => `marketing.product.${p}.${f}`),
  ),
  ...['targeting', 'sessions', 'protocols', 'invalid'].flatMap((f) => [
    `marketing.feature.${f}.title`,
    `marketing.feature.${f}.text`,
  ]),
  ...['ips', 'cities', 'availability', 'support'].flatMap((c) => [`marketing.home.claim.${c}`, `marketing.home.claimValue.${c}`]),
  ...Object.entries(LANDING_HIGHLIGHTS).flatMap(([kind, keys]) => [
    ...[
      'title',
      'lead',
      'priceNote',
      'what.title',
      'what.p1',
      'what.p2',
      'targeting.title',
      'targeting.intro',
      'pricing.title',
      'pricing.intro',
    ].map((f) => `marketing.landing.${kind}.${f}`),
    ...keys.flatMap((k) => [`marketing.landing.${kind}.highlight.${k}.title`, `marketing.landing.${kind}.highlight.${k}.text`]),
    ...range(5).flatMap((n) => [`marketing.landing.${kind}.faq.q${n}`, `marketing.landing.${kind}.faq.a${n}`]),
  ]),
  ...['country', 'city', 'postcode', 'isp'].flatMap((t) => [
    `marketing.landing.dynamic.target.${t}.title`,
    `marketing.landing.dynamic.target.${t}.text`,
  ]),
  ...[1, 2, 3, 12].flatMap((t) => [`marketing.type.${t}`, `marketing.type.${t}.text`]),
  ...BLOG_TAGS.map((t) => `marketing.blog.tag.${t}`),
  ...range(4).map((n) => `marketing.service.prepare.${n}`),
  ...['help', 'blog', 'orders'].flatMap((k) => ['title', 'text', 'action'].map((f) => `marketing.service.self.${k}.${f}`)),
  ...STATUS_PRODUCTS.map((p) => `marketing.status.product.${p}`),
  ...COMPONENT_STATES.map((s) => `marketing.status.state.${s}`),
  ...INCIDENT_STATES.map((s) => `marketing.status.incident.${s}`),
  ...INCIDENT_SEVERITIES.map((s) => `marketing.status.severity.${s}`),
  ...['confirmed', 'unsubscribed'].map((k) => `marketing.status.link.${k}`),
  'marketing.price.fromPerGb',
  'marketing.price.fromPerIpMonth',
];

describe('message catalogs', () => {
  it('have the same keys in English and Chinese, all of this remote', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).filter((k) => !k.startsWith('marketing.'))).toEqual([]);
  });

  it('have every id the pages use, and nothing the pages no longer use', () => {
    const used = new Set(DYNAMIC_IDS);
    for (const file of sources(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](marketing\.[A-Za-z0-9_.-]+)(['"`]|\$\{)/g)) {
        // The legal pages pass their prefix (`marketing.terms`) and build section ids from it.
        if (m[2] !== '${' && !/^marketing\.(terms|privacy)$/.test(m[1] as string)) used.add(m[1] as string);
      }
    }
    const missing = [...used].filter((id) => !(id in en) || !(id in zhCN));
    expect(missing).toEqual([]);
    // The legal pages build their ids from a section count.
    const unused = Object.keys(en).filter((id) => !used.has(id) && !/^marketing\.(terms|privacy|legal)\./.test(id));
    expect(unused).toEqual([]);
  });

  it('format in both languages', () => {
    const values = {
      price: '¥1.00',
      name: 'X',
      product: 'X',
      count: 3,
      min: 1,
      max: 10,
      from: 1,
      to: 9,
      traffic: '1 GB',
      days: 30,
      graceDays: 3,
      minutes: 4,
      page: 2,
      date: '2026',
      updated: '2026',
      components: 'Static ISP proxies',
      time: '2026-11-27 05:34',
    };
    for (const [locale, messages] of [
      ['en', en],
      ['zh-CN', zhCN],
    ] as const) {
      const errors: unknown[] = [];
      const intl = createIntl({ locale, messages, onError: (e) => errors.push(e) });
      for (const id of Object.keys(messages)) expect(intl.formatMessage({ id }, values)).not.toBe(id);
      expect(errors).toEqual([]);
    }
  });

  // 200+ countries and regions, not the spec's "200+ cities": the targeting list covers about 240
  // countries and regions, and a city claim below the country count read as a contradiction.
  it('carry the claims and the overseas notice of the spec', () => {
    expect(en['marketing.home.tagline']).toMatch(/350 million.*200\+ countries and regions.*99\.98%.*no charge for invalid IPs/);
    expect(zhCN['marketing.home.tagline']).toMatch(/200\+ 国家和地区.*3\.5 亿.*99\.98%.*无效 IP 不计费/);
    expect(en['marketing.notice.text']).toMatch(/overseas network environments only.*mainland China/);
    expect(zhCN['marketing.notice.text']).toMatch(/海外网络环境.*中国大陆/);
  });
});
