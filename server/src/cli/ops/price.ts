import { fenToYuan as yuan, MB_PER_GB, type PackageTag, packageTag, yuanToFen } from '@portal/shared';
import { getCustomRule, listAllPackages, saveCustomRule, savePackage } from '../../modules/catalogue/service.ts';
import { commandGroup, parse, positionals, stringOption, UsageError } from '../runner.ts';
import type { OpsContext } from './context.ts';

function fenOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const fen = yuanToFen(value);
  if (fen === null || fen <= 0) throw new UsageError(`--${name} "${value}": expected an amount in yuan such as 125 or 99.50`);
  return fen;
}

function countOption(name: string, value: string | undefined, min = 1): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} "${value}": expected a whole number ≥ ${min}`);
  return Number(value);
}

export const price = commandGroup<OpsContext>('price', 'list, set, tiers', {
  async list(args, { db, io }) {
    positionals(parse(args).positionals, []);
    const database = await db();
    for (const p of await listAllPackages(database)) {
      io.out(
        `${p.id}\t${p.trafficMb / MB_PER_GB} GB\t+${p.giftTrafficMb / MB_PER_GB} GB\t¥${yuan(p.priceFen)} (¥${yuan(p.originalPriceFen)})\t${p.validityDays} days\t${p.tags.join(',') || '-'}\t${p.onSale ? 'on sale' : 'off sale'}`,
      );
    }
    const rule = await getCustomRule(database);
    io.out(
      `custom ${rule.minGb}-${rule.maxGb} GB, ${rule.validityDays} days: ${rule.tiers.map((t) => `${t.minGb}+ GB ¥${yuan(t.unitPriceFen)}/GB`).join(', ')}`,
    );
    return 0;
  },

  async set(args, { db, io }) {
    const { values, positionals: pos } = parse(args, {
      'traffic-gb': { type: 'string' },
      'gift-gb': { type: 'string' },
      price: { type: 'string' },
      original: { type: 'string' },
      days: { type: 'string' },
      tags: { type: 'string' },
      'on-sale': { type: 'boolean' },
      'off-sale': { type: 'boolean' },
    });
    const [which = ''] = positionals(pos, ['<id|new>']);
    const trafficGb = countOption('traffic-gb', stringOption(values['traffic-gb']));
    const giftGb = countOption('gift-gb', stringOption(values['gift-gb']), 0);
    const priceFen = fenOption('price', stringOption(values.price));
    const originalFen = fenOption('original', stringOption(values.original));
    const days = countOption('days', stringOption(values.days));
    const tagList = stringOption(values.tags)?.split(',').filter(Boolean) as PackageTag[] | undefined;
    const badTag = tagList?.find((tag) => !packageTag.safeParse(tag).success);
    if (badTag) throw new UsageError(`--tags: unknown tag "${badTag}" (${packageTag.options.join(', ')})`);
    if (values['on-sale'] && values['off-sale']) throw new UsageError('--on-sale and --off-sale exclude each other');
    const database = await db();
    let current: Awaited<ReturnType<typeof listAllPackages>>[number] | undefined;
    if (which !== 'new') {
      if (!/^\d+$/.test(which)) throw new UsageError(`"${which}": expected a package id or new`);
      current = (await listAllPackages(database)).find((p) => p.id === Number(which));
      if (!current) {
        io.err(`ops: no package ${which}`);
        return 1;
      }
    } else if (trafficGb === undefined || priceFen === undefined || days === undefined) {
      throw new UsageError('a new package needs --traffic-gb, --price and --days');
    }
    const next = {
      trafficMb: trafficGb !== undefined ? trafficGb * MB_PER_GB : (current?.trafficMb ?? 0),
      giftTrafficMb: giftGb !== undefined ? giftGb * MB_PER_GB : (current?.giftTrafficMb ?? 0),
      priceFen: priceFen ?? current?.priceFen ?? 0,
      originalPriceFen: originalFen ?? (current && priceFen === undefined ? current.originalPriceFen : (priceFen ?? 0)),
      validityDays: days ?? current?.validityDays ?? 0,
      tags: tagList ?? current?.tags ?? [],
      onSale: values['off-sale'] ? false : values['on-sale'] ? true : (current?.onSale ?? true),
    };
    if (next.originalPriceFen < next.priceFen) throw new UsageError('--original must not be below --price');
    io.out(String(await savePackage(database, next, current?.id)));
    return 0;
  },

  async tiers(args, { db, io }) {
    const { values, positionals: pos } = parse(args, {
      min: { type: 'string' },
      max: { type: 'string' },
      days: { type: 'string' },
    });
    const [spec = ''] = positionals(pos, ['<minGb>:<yuan>,...']);
    const tiers = spec.split(',').map((part) => {
      const [gb = '', amount = ''] = part.split(':');
      const minGb = countOption('tiers', gb);
      const unitPriceFen = fenOption('tiers', amount);
      if (minGb === undefined || unitPriceFen === undefined) throw new UsageError(`tier "${part}": expected <minGb>:<yuan>`);
      return { minGb, unitPriceFen };
    });
    tiers.sort((a, b) => a.minGb - b.minGb);
    const database = await db();
    const current = await getCustomRule(database);
    const rule = {
      tiers,
      minGb: countOption('min', stringOption(values.min)) ?? current.minGb,
      maxGb: countOption('max', stringOption(values.max)) ?? current.maxGb,
      validityDays: countOption('days', stringOption(values.days)) ?? current.validityDays,
    };
    if (rule.maxGb < rule.minGb) throw new UsageError('--max must not be below --min');
    if ((tiers[0]?.minGb ?? Infinity) > rule.minGb)
      throw new UsageError(`the first tier must start at or below ${rule.minGb} GB`);
    await saveCustomRule(database, rule);
    io.out('ok');
    return 0;
  },
});
