import { readFile } from 'node:fs/promises';
import { importStock, RESOURCE_TYPE_NAMES, stockSummary } from '../../modules/static-ip/inventory.ts';
import { commandGroup, parse, positionals } from '../runner.ts';
import type { OpsContext } from './context.ts';

export const stock = commandGroup<OpsContext>('stock', 'import or list', {
  async import(args, { db, io }) {
    const { values, positionals: pos } = parse(args, { 'dry-run': { type: 'boolean' } });
    const [file = ''] = positionals(pos, ['<csv file>']);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      io.err(`ops: cannot read ${file}: ${(err as Error).message}`);
      return 1;
    }
    const result = await importStock(await db(), text, { dryRun: values['dry-run'] === true });
    if (result.errors.length > 0) {
      for (const e of result.errors) io.err(`ops: line ${e.line}: ${e.message}`);
      io.err(`ops: ${result.errors.length} bad line(s) in ${file}: nothing imported`);
      return 1;
    }
    io.out(
      `${result.dryRun ? 'dry run (nothing saved): would import' : 'imported'} ${result.imported} IP(s) of ${result.lines} line(s), ${result.duplicates} duplicate(s) skipped, ${result.regionsCreated} new region(s)`,
    );
    return 0;
  },

  async list(args, { db, io }) {
    positionals(parse(args).positionals, []);
    const rows = await stockSummary(await db());
    if (rows.length === 0) io.out('(no static IP regions)');
    for (const type of new Set(rows.map((r) => r.resourceType))) {
      const ofType = rows.filter((r) => r.resourceType === type);
      const sum = (key: 'available' | 'allocated') => ofType.reduce((n, r) => n + r[key], 0);
      io.out(`type ${type} (${RESOURCE_TYPE_NAMES[type]}): ${sum('available')} available / ${sum('allocated')} allocated`);
      for (const r of ofType) {
        io.out(`  ${r.regionId}\t${r.countryCode} ${r.cityEn}\t${r.available} available / ${r.allocated} allocated`);
      }
    }
    return 0;
  },
});
