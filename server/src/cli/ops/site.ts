import {
  contactChannel,
  type PriceOverride,
  RESOURCE_TYPES,
  type ResourceType,
  fenToYuan as yuan,
  MB_PER_GB,
  withPriceOverride,
  yuanToFen,
} from '@portal/shared';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { getCustomRule, listAllPackages } from '../../modules/catalogue/service.ts';
import {
  overrideCounts,
  readSiteOverrides,
  setPackageOverride,
  setStaticOverride,
  setTierOverrides,
} from '../../modules/catalogue/site-prices.ts';
import { staticKey } from '../../modules/static-ip/site-prices.ts';
import { staticDurations } from '../../modules/static-ip/tables.ts';
import { addSite, findSite, listSites, type SiteInput, type SiteRow, updateSite } from '../../modules/system/service.ts';
import { commandGroup, parse, positionals, stringOption, UsageError } from '../runner.ts';
import type { OpsCommand, OpsContext } from './context.ts';

type Contact = z.output<typeof contactChannel>;

/** Labels of each contact kind, as the default site words them. */
const CONTACT_LABELS: Record<Contact['kind'], Contact['label']> = {
  phone: { en: 'Phone', 'zh-CN': '客服电话' },
  email: { en: 'Email', 'zh-CN': '客服邮箱' },
  wechat: { en: 'WeChat', 'zh-CN': '微信客服' },
  qq: { en: 'QQ', 'zh-CN': 'QQ 客服' },
  telegram: { en: 'Telegram', 'zh-CN': 'Telegram 客服' },
  whatsapp: { en: 'WhatsApp', 'zh-CN': 'WhatsApp 客服' },
  skype: { en: 'Skype', 'zh-CN': 'Skype 客服' },
};
const CONTACT_KINDS = contactChannel.shape.kind.options;

// A host name as browsers send it (lower case, no port): what requests are matched on.
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;

function domain(value: string): string {
  const host = value.trim().toLowerCase();
  const validIp = IPV4.test(host) && host.split('.').every((part) => Number(part) <= 255);
  if (!DOMAIN.test(host) || (IPV4.test(host) && !validIp))
    throw new UsageError(`domain "${value}": expected a host name such as cn.example.com (no scheme, port or path)`);
  return host;
}

function text(name: string, value: string | undefined, max = 64): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > max) throw new UsageError(`--${name}: expected 1 to ${max} characters`);
  return trimmed;
}

function logo(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // A path on this server: the pages' CSP loads images from their own origin only (img-src 'self').
  if (/^\/[^/\s]\S*$/.test(value)) return value;
  throw new UsageError(
    `--logo "${value}": expected a path on this server such as /logo.svg (pages load images from their own origin only)`,
  );
}

function contacts(values: unknown): Contact[] | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  return values.map((raw: string) => {
    const at = raw.indexOf(':');
    const kind = raw.slice(0, at) as Contact['kind'];
    const value = raw.slice(at + 1).trim();
    if (at < 0 || !CONTACT_KINDS.includes(kind) || value === '' || value.length > 128)
      throw new UsageError(`--contact "${raw}": expected <kind>:<value>, kind one of ${CONTACT_KINDS.join(', ')}`);
    return { kind, value, label: CONTACT_LABELS[kind] };
  });
}

function bilingual(
  en: string | undefined,
  zh: string | undefined,
  current: { en: string; 'zh-CN': string } | undefined,
  what: string,
) {
  if (en === undefined && zh === undefined) return undefined;
  const next = { en: en ?? current?.en, 'zh-CN': zh ?? current?.['zh-CN'] };
  if (next.en === undefined || next['zh-CN'] === undefined)
    throw new UsageError(`a new site needs its ${what} in both languages (--${what}-en and --${what}-zh)`);
  return { en: next.en, 'zh-CN': next['zh-CN'] };
}

const SITE_OPTIONS = {
  'name-en': { type: 'string' },
  'name-zh': { type: 'string' },
  logo: { type: 'string' },
  'hours-en': { type: 'string' },
  'hours-zh': { type: 'string' },
  contact: { type: 'string', multiple: true },
  'no-contacts': { type: 'boolean' },
  icp: { type: 'string' },
  'no-icp': { type: 'boolean' },
} as const;

/** The fields the options give; `current` completes one-language changes. */
function siteFields(values: Record<string, unknown>, current?: SiteRow): Partial<SiteInput> {
  const name = bilingual(
    text('name-en', stringOption(values['name-en'])),
    text('name-zh', stringOption(values['name-zh'])),
    current?.name,
    'name',
  );
  const serviceHours = bilingual(
    text('hours-en', stringOption(values['hours-en'])),
    text('hours-zh', stringOption(values['hours-zh'])),
    current?.serviceHours,
    'hours',
  );
  if (values['no-icp'] && values.icp !== undefined) throw new UsageError('--icp and --no-icp exclude each other');
  if (values['no-contacts'] && values.contact !== undefined)
    throw new UsageError('--contact and --no-contacts exclude each other');
  const icp = values['no-icp'] ? null : text('icp', stringOption(values.icp));
  const list = values['no-contacts'] ? [] : contacts(values.contact);
  const logoUrl = logo(stringOption(values.logo));
  return {
    ...(name && { name }),
    ...(serviceHours && { serviceHours }),
    ...(logoUrl !== undefined && { logoUrl }),
    ...(list !== undefined && { contacts: list }),
    ...(icp !== undefined && { icp }),
  };
}

async function siteNamed(db: Db, which: string): Promise<SiteRow> {
  const site = await findSite(db, which);
  if (!site) throw new SiteNotFound(which);
  return site;
}

/** An unknown site: exit 1 (a fact about the data, not a usage mistake). */
class SiteNotFound extends Error {
  constructor(which: string) {
    super(`no site ${which} (see ops site list)`);
  }
}

const catchNotFound =
  (command: OpsCommand): OpsCommand =>
  async (args, ctx) => {
    try {
      return await command(args, ctx);
    } catch (err) {
      if (!(err instanceof SiteNotFound)) throw err;
      ctx.io.err(`ops: ${err.message}`);
      return 1;
    }
  };

function amount(label: string, value: string): number {
  const fen = yuanToFen(value);
  if (fen === null || fen <= 0)
    throw new UsageError(`${label} "${value}": expected an amount in yuan such as 125 or 99.50, or default`);
  return fen;
}

function wholeNumber(label: string, value: string): number {
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) throw new UsageError(`${label} "${value}": expected a whole number ≥ 1`);
  return Number(value);
}

/** `<yuan> [--original <yuan>]` or `default`: the override to store, or null to clear it. */
function override(value: string, original: string | undefined): PriceOverride | null {
  if (value === 'default') {
    if (original !== undefined) throw new UsageError('--original goes with a price, not with default');
    return null;
  }
  const priceFen = amount('price', value);
  const originalPriceFen = original === undefined ? null : amount('--original', original);
  if (originalPriceFen !== null && originalPriceFen < priceFen) throw new UsageError('--original must not be below the price');
  return { priceFen, originalPriceFen };
}

const shown = (fen: number, own: boolean) => `¥${yuan(fen)}${own ? ' (site)' : ''}`;

/** `site price <site>`: every price as the site sells it, its own ones marked. */
async function showPrices(db: Db, site: SiteRow, out: (line: string) => void) {
  const [packages, rule, durations, own] = await Promise.all([
    listAllPackages(db),
    getCustomRule(db),
    db.select().from(staticDurations).orderBy(asc(staticDurations.resourceType), asc(staticDurations.days)),
    readSiteOverrides(db, site.id),
  ]);
  out(`prices of site ${site.id} ${site.domain} (default price where not marked "site")`);
  for (const p of packages) {
    const priced = withPriceOverride(p, own.packages.get(p.id));
    out(
      `package ${p.id}\t${p.trafficMb / MB_PER_GB} GB\t${shown(priced.priceFen, own.packages.has(p.id))}\t(list ¥${yuan(priced.originalPriceFen)}; default ¥${yuan(p.priceFen)})${p.onSale ? '' : '\toff sale'}`,
    );
  }
  for (const tier of rule.tiers) {
    const price = own.tiers.get(tier.minGb);
    out(
      `tier ${tier.minGb}+ GB\t${shown(price ?? tier.unitPriceFen, price !== undefined)}/GB\t(default ¥${yuan(tier.unitPriceFen)}/GB)`,
    );
  }
  const bounds = new Set(rule.tiers.map((tier) => tier.minGb));
  for (const [minGb, price] of own.tiers)
    if (!bounds.has(minGb)) out(`tier ${minGb}+ GB\t¥${yuan(price)}/GB\tnot applied: no default tier starts at ${minGb} GB`);
  for (const d of durations) {
    const key = staticKey(d.resourceType, d.days);
    const priced = withPriceOverride(d, own.statics.get(key));
    out(
      `static ${d.resourceType} ${d.days} days\t${shown(priced.priceFen, own.statics.has(key))}/IP\t(default ¥${yuan(d.priceFen)}/IP)`,
    );
  }
}

const price: OpsCommand = catchNotFound(async (args, { db, io }) => {
  const { values, positionals: pos } = parse(args, { original: { type: 'string' } });
  const [which, what, ...rest] = pos;
  if (which === undefined) throw new UsageError('missing <site>');
  const original = stringOption(values.original);
  const database = await db();
  if (what === undefined) {
    if (original !== undefined) throw new UsageError('--original goes with a price');
    await showPrices(database, await siteNamed(database, which), io.out);
    return 0;
  }
  switch (what) {
    case 'package': {
      const [id = '', value = ''] = positionals(rest, ['<package id>', '<yuan>|default']);
      const packageId = wholeNumber('package id', id);
      const next = override(value, original);
      const site = await siteNamed(database, which);
      if (!(await listAllPackages(database)).some((p) => p.id === packageId)) {
        io.err(`ops: no package ${packageId} (see ops price list)`);
        return 1;
      }
      await setPackageOverride(database, site.id, packageId, next);
      break;
    }
    case 'tier': {
      if (original !== undefined) throw new UsageError('--original goes with packages and static durations');
      const [bound = '', value = ''] = positionals(rest, ['<minGb>', '<yuan>|default']);
      const minGb = wholeNumber('tier', bound);
      const unitPriceFen = value === 'default' ? null : amount('price per GB', value);
      const site = await siteNamed(database, which);
      if (unitPriceFen !== null) await requireTiers(database, [minGb]);
      await setTierOverrides(database, site.id, [{ minGb, unitPriceFen }]);
      break;
    }
    case 'tiers': {
      if (original !== undefined) throw new UsageError('--original goes with packages and static durations');
      const [spec = ''] = positionals(rest, ['<minGb>:<yuan>,...|default']);
      const tiers =
        spec === 'default'
          ? []
          : spec.split(',').map((part) => {
              const [bound = '', value = '', extra] = part.split(':');
              if (extra !== undefined || value === '') throw new UsageError(`tier "${part}": expected <minGb>:<yuan>`);
              return { minGb: wholeNumber('tier', bound), unitPriceFen: amount('price per GB', value) };
            });
      if (new Set(tiers.map((t) => t.minGb)).size !== tiers.length) throw new UsageError(`"${spec}": a tier is given twice`);
      const site = await siteNamed(database, which);
      await requireTiers(
        database,
        tiers.map((t) => t.minGb),
      );
      await setTierOverrides(database, site.id, tiers, { replace: true });
      break;
    }
    case 'static': {
      const [type = '', days = '', value = ''] = positionals(rest, ['<type>', '<days>', '<yuan>|default']);
      const resourceType = Number(type) as ResourceType;
      if (!/^\d+$/.test(type) || !RESOURCE_TYPES.includes(resourceType))
        throw new UsageError(
          `type "${type}": expected ${RESOURCE_TYPES.join(', ')} (1 data centre, 2 static ISP, 3 native residential, 12 China static ISP)`,
        );
      const length = wholeNumber('days', days);
      const next = override(value, original);
      const site = await siteNamed(database, which);
      const offered = await database.select().from(staticDurations);
      if (!offered.some((d) => d.resourceType === resourceType && d.days === length)) {
        const lengths = offered.filter((d) => d.resourceType === resourceType).map((d) => d.days);
        io.err(`ops: type ${resourceType} is not sold for ${length} days (durations: ${lengths.join(', ') || 'none'})`);
        return 1;
      }
      await setStaticOverride(database, site.id, resourceType, length, next);
      break;
    }
    default:
      throw new UsageError(`unknown site price item "${what}" (package, tier, tiers or static)`);
  }
  io.out('ok');
  return 0;
});

/** Overrides are by the default table's tiers: a bound it does not have would never apply. */
async function requireTiers(db: Db, bounds: number[]) {
  const rule = await getCustomRule(db);
  const known = new Set(rule.tiers.map((t) => t.minGb));
  const unknown = bounds.filter((b) => !known.has(b));
  if (unknown.length > 0)
    throw new UsageError(
      `no custom-traffic tier starts at ${unknown.join(', ')} GB (tiers start at ${[...known].join(', ')} GB; ops price tiers changes them)`,
    );
}

export const site = commandGroup<OpsContext>('site', 'list, add, set or price', {
  async list(args, { db, io }) {
    positionals(parse(args).positionals, []);
    const database = await db();
    const counts = await overrideCounts(database);
    for (const s of await listSites(database)) {
      io.out(
        [
          s.id,
          s.domain + (s.isDefault ? ' (default)' : ''),
          `${s.name.en} / ${s.name['zh-CN']}`,
          s.logoUrl,
          `${s.serviceHours.en} / ${s.serviceHours['zh-CN']}`,
          s.contacts.map((c) => `${c.kind}:${c.value}`).join(' ') || '-',
          s.icp ?? '-',
          `${counts.get(s.id) ?? 0} price overrides`,
        ].join('\t'),
      );
    }
    return 0;
  },

  async add(args, { db, io }) {
    const { values, positionals: pos } = parse(args, SITE_OPTIONS);
    const [raw = ''] = positionals(pos, ['<domain>']);
    const host = domain(raw);
    const fields = siteFields(values);
    if (!fields.name) throw new UsageError('a new site needs --name-en and --name-zh');
    const database = await db();
    if (await findSite(database, host)) {
      io.err(`ops: site ${host} exists already (ops site set changes it)`);
      return 1;
    }
    const id = await addSite(database, {
      domain: host,
      name: fields.name,
      logoUrl: fields.logoUrl ?? '/logo.svg',
      serviceHours: fields.serviceHours ?? { en: '24/7', 'zh-CN': '7×24 小时' },
      contacts: fields.contacts ?? [],
      icp: fields.icp ?? null,
    });
    io.out(String(id));
    return 0;
  },

  set: catchNotFound(async (args, { db, io }) => {
    const { values, positionals: pos } = parse(args, { ...SITE_OPTIONS, domain: { type: 'string' } });
    const [which = ''] = positionals(pos, ['<site>']);
    const database = await db();
    const current = await siteNamed(database, which);
    const fields = siteFields(values, current);
    const rawDomain = stringOption(values.domain);
    if (rawDomain !== undefined) {
      fields.domain = domain(rawDomain);
      const other = await findSite(database, fields.domain);
      if (other && other.id !== current.id) {
        io.err(`ops: site ${other.id} has the domain ${fields.domain} already`);
        return 1;
      }
    }
    if (Object.keys(fields).length === 0) throw new UsageError('nothing to change: give at least one option');
    await updateSite(database, current.id, fields);
    io.out('ok');
    return 0;
  }),

  price,
});
