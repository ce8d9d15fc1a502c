import { isIP } from 'node:net';
import { RESOURCE_TYPES, type ResourceType, STATIC_PROTOCOLS } from '@portal/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NodeState, type StaticProtocol, staticNodes, staticRegions } from './tables.ts';

/**
 * Operators' stock (ops CLI `stock import | list`): IPs are bought from upstream providers and
 * loaded from a CSV file; regions are created on first use.
 */

export const STOCK_CSV_COLUMNS = [
  'resourceType',
  'countryCode',
  'countryEn',
  'countryZh',
  'cityEn',
  'cityZh',
  'host',
  'port',
  'outIp',
  'protocols',
] as const;
type Column = (typeof STOCK_CSV_COLUMNS)[number];

export const RESOURCE_TYPE_NAMES: Record<ResourceType, string> = {
  1: 'data centre',
  2: 'static ISP',
  3: 'native residential',
  12: 'China static ISP',
};

export interface CsvRecord {
  /** The line the record starts on (1: the header). */
  line: number;
  cells: string[];
}

/** RFC 4180 records (quotes, doubled quotes, line breaks in quotes); a BOM and blank lines are ignored. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let dirty = false;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (dirty || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    dirty = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
      dirty = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0 || dirty) endRecord();
  return records;
}

export interface StockLine {
  resourceType: ResourceType;
  countryCode: string;
  countryEn: string;
  countryZh: string;
  cityEn: string;
  cityZh: string;
  host: string;
  port: number;
  outIp: string;
  protocols: StaticProtocol[];
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function toStockLine(get: (column: Column) => string): { line: StockLine } | { error: string } {
  const problems: string[] = [];
  const resourceType = Number(get('resourceType')) as ResourceType;
  if (!RESOURCE_TYPES.includes(resourceType)) problems.push(`resourceType "${get('resourceType')}" is not 1, 2, 3 or 12`);
  const countryCode = get('countryCode').toUpperCase();
  if (!/^[A-Z]{2}$/.test(countryCode)) problems.push(`countryCode "${get('countryCode')}" is not a two-letter ISO code`);
  for (const name of ['countryEn', 'countryZh', 'cityEn', 'cityZh'] as const) {
    const value = get(name);
    if (value === '' || value.length > 64) problems.push(`${name} must have 1 to 64 characters`);
  }
  const host = get('host').toLowerCase();
  if (isIP(host) === 0 && !HOSTNAME.test(host)) problems.push(`host "${get('host')}" is not an IP address or host name`);
  const port = /^\d{1,5}$/.test(get('port')) ? Number(get('port')) : 0;
  if (port < 1 || port > 65_535) problems.push(`port "${get('port')}" is not 1 to 65535`);
  const outIp = get('outIp');
  if (isIP(outIp) === 0) problems.push(`outIp "${outIp}" is not an IP address`);
  const protocols = [...new Set(get('protocols').toLowerCase().split('|'))] as StaticProtocol[];
  if (protocols.some((p) => !STATIC_PROTOCOLS.includes(p)))
    problems.push(`protocols "${get('protocols')}" must be ${STATIC_PROTOCOLS.join(', ')} joined by |`);
  if (problems.length > 0) return { error: problems.join('; ') };
  const line = {
    resourceType,
    countryCode,
    countryEn: get('countryEn'),
    countryZh: get('countryZh'),
    cityEn: get('cityEn'),
    cityZh: get('cityZh'),
    host,
    port,
    outIp,
    protocols,
  };
  return { line };
}

export interface StockImportResult {
  /** Every bad line with its number; when there is any, nothing was imported. */
  errors: { line: number; message: string }[];
  /** Data lines read (without header and blank lines). */
  lines: number;
  imported: number;
  /** host:port already in stock or earlier in the file: skipped. */
  duplicates: number;
  regionsCreated: number;
  dryRun: boolean;
}

class DryRunRollback extends Error {
  constructor(readonly result: StockImportResult) {
    super('dry run');
  }
}

/** Reads the CSV; imports it all, or nothing when a line is bad. A dry run reports the same counts and rolls back. */
export async function importStock(db: Db, text: string, { dryRun = false } = {}): Promise<StockImportResult> {
  const [header, ...rows] = parseCsv(text);
  const result: StockImportResult = { errors: [], lines: rows.length, imported: 0, duplicates: 0, regionsCreated: 0, dryRun };
  if (!header) {
    result.errors.push({ line: 1, message: `empty file: expected the header ${STOCK_CSV_COLUMNS.join(',')}` });
    return result;
  }
  const names = header.cells.map((c) => c.trim());
  const missing = STOCK_CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(STOCK_CSV_COLUMNS as readonly string[]).includes(n));
  if (missing.length > 0 || unknown.length > 0 || new Set(names).size !== names.length) {
    const detail = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      unknown.length > 0 ? `unknown ${unknown.join(', ')}` : '',
      new Set(names).size !== names.length ? 'repeated columns' : '',
    ].filter(Boolean);
    result.errors.push({ line: header.line, message: `header: ${detail.join('; ')} (expected ${STOCK_CSV_COLUMNS.join(',')})` });
    return result;
  }
  const index = Object.fromEntries(STOCK_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<Column, number>;

  const lines: StockLine[] = [];
  for (const row of rows) {
    if (row.cells.length !== names.length) {
      result.errors.push({ line: row.line, message: `expected ${names.length} fields, found ${row.cells.length}` });
      continue;
    }
    const parsed = toStockLine((column) => (row.cells[index[column]] ?? '').trim());
    if ('error' in parsed) result.errors.push({ line: row.line, message: parsed.error });
    else lines.push(parsed.line);
  }
  if (result.errors.length > 0) return result;

  const seen = new Set<string>();
  const unique = lines.filter((l) => {
    const key = `${l.host}:${l.port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  result.duplicates = lines.length - unique.length;

  try {
    await db.transaction(async (tx) => {
      const regionIds = new Map<string, number>();
      const regionKey = (l: Pick<StockLine, 'resourceType' | 'countryCode' | 'cityEn'>) =>
        `${l.resourceType}|${l.countryCode}|${l.cityEn}`;
      for (const l of unique) {
        const key = regionKey(l);
        if (regionIds.has(key)) continue;
        const [created] = await tx
          .insert(staticRegions)
          .values({
            resourceType: l.resourceType,
            countryCode: l.countryCode,
            countryEn: l.countryEn,
            countryZh: l.countryZh,
            cityEn: l.cityEn,
            cityZh: l.cityZh,
          })
          .onConflictDoNothing()
          .returning({ id: staticRegions.id });
        if (created) {
          result.regionsCreated += 1;
          regionIds.set(key, created.id);
          continue;
        }
        const [existing] = await tx
          .select({ id: staticRegions.id })
          .from(staticRegions)
          .where(
            and(
              eq(staticRegions.resourceType, l.resourceType),
              eq(staticRegions.countryCode, l.countryCode),
              eq(staticRegions.cityEn, l.cityEn),
            ),
          );
        if (!existing) throw new Error(`region ${key} neither inserted nor found`);
        regionIds.set(key, existing.id);
      }
      for (let i = 0; i < unique.length; i += 1000) {
        const chunk = unique.slice(i, i + 1000);
        const inserted = await tx
          .insert(staticNodes)
          .values(
            chunk.map((l) => ({
              regionId: regionIds.get(regionKey(l)) as number,
              host: l.host,
              port: l.port,
              outIp: l.outIp,
              protocols: l.protocols,
            })),
          )
          .onConflictDoNothing({ target: [staticNodes.host, staticNodes.port] })
          .returning({ id: staticNodes.id });
        result.imported += inserted.length;
        result.duplicates += chunk.length - inserted.length;
      }
      if (dryRun) throw new DryRunRollback(result);
    });
  } catch (err) {
    if (!(err instanceof DryRunRollback)) throw err;
  }
  return result;
}

export interface StockRow {
  resourceType: ResourceType;
  regionId: number;
  countryCode: string;
  countryEn: string;
  cityEn: string;
  available: number;
  allocated: number;
}

/** Available and allocated IPs per type and region. */
export async function stockSummary(db: Db): Promise<StockRow[]> {
  return db
    .select({
      resourceType: staticRegions.resourceType,
      regionId: staticRegions.id,
      countryCode: staticRegions.countryCode,
      countryEn: staticRegions.countryEn,
      cityEn: staticRegions.cityEn,
      available: sql<number>`(count(${staticNodes.id}) filter (where ${staticNodes.state} = ${NodeState.Available}))::int`,
      allocated: sql<number>`(count(${staticNodes.id}) filter (where ${staticNodes.state} = ${NodeState.Allocated}))::int`,
    })
    .from(staticRegions)
    .leftJoin(staticNodes, eq(staticNodes.regionId, staticRegions.id))
    .groupBy(staticRegions.id)
    .orderBy(asc(staticRegions.resourceType), asc(staticRegions.countryCode), asc(staticRegions.cityEn));
}
