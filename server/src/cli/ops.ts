import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import {
  blogSlug,
  fenToYuan,
  idCardNumber,
  localizeContractMessage,
  MB_PER_GB,
  type PackageTag,
  packageTag,
  redirectPath,
  redirectTarget,
  splitLocale,
  yuanToFen,
} from '@portal/shared';
import type { z } from 'zod';
import { type Config, ConfigError, loadConfigFromProcess } from '../config.ts';
import { useOwnerOnlyUmask } from '../data-dir.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { DatabaseInUseError, lockHolder } from '../db/pglite-lock.ts';
import { AccountExistsError, AccountInputError, createUser } from '../modules/accounts/users.ts';
import { captchaAnswer } from '../modules/captcha/answer.ts';
import { getCustomRule, listAllPackages, saveCustomRule, savePackage } from '../modules/catalogue/service.ts';
import { idCardHash, resolveDataKey } from '../modules/certification/crypto.ts';
import { listAllPosts, publishPosts, unpublishPost } from '../modules/content/blog.ts';
import { readHelpFiles, readPostFiles } from '../modules/content/files.ts';
import { listAllHelp, publishHelp } from '../modules/content/help.ts';
import type { PublishResult } from '../modules/content/render.ts';
import { LICENCE_EXTENSIONS, readLicence } from '../modules/certification/licence.ts';
import {
  backfillIdCardHashes,
  licenceOf,
  listEnterprise,
  listPersonalByIdCardHash,
  ReviewError,
  reviewEnterprise,
  statusName,
} from '../modules/certification/service.ts';
import { listRedirects, normalizeRedirectPath, removeRedirect, setRedirect } from '../modules/redirects/service.ts';
import { importStock, RESOURCE_TYPE_NAMES, stockSummary } from '../modules/static-ip/inventory.ts';
import { databaseOptions } from '../plugins/database.ts';
import { findOpsSocket, forwardOps, type OpsReply, opsSocketPath } from './ops-socket.ts';

/**
 * Operator tasks on the server's database: `tsx server/src/cli/ops.ts <command>` (the root
 * `npm run ops -- <command>` calls it). Same configuration as the server (DATABASE_URL, DATA_DIR,
 * .env); pending migrations are applied first, as the server does at start. With the embedded
 * database and a server running on it, the server runs the command (runOpsCli, ops-socket.ts).
 */

const USAGE = `Usage: ops <command>

Commands:
  redirect list                               every redirect rule: path -> target  (note)
  redirect set <path> <target> [--note <text>]
                                              create or replace the rule of a page path without locale
                                              prefix (/old-promo); target: a path starting with /
                                              (/en/buy, /buy) or an http(s) URL
  redirect remove <path>                      delete the rule of a path
  user create --mobile <m> --password <p> [--nickname <n>] [--balance <MB>]
                                              create a member (mainland-China mobile, password of 8 to
                                              128 characters, starting traffic in MB); prints the user id
  cert list [--status auditing|all]           enterprise certifications waiting for review (or all):
                                              id, user id and login, company, submitted at, status
  cert list --id-hash <hash>                  the personal certifications of one ID card number (the
                                              hash the server logs when the number reaches
                                              CERT_MAX_ACCOUNTS_PER_ID_CARD): id, user id and login,
                                              name, masked number, status, certified at
  cert id-hash <ID card number>               the hash of an ID card number (for cert list --id-hash)
  cert approve <id>                           approve a certification waiting for review (status 3)
  cert reject <id> --reason <text>            reject it with the reason the user is shown (status 4;
                                              the user may resubmit)
  cert licence <id> --out <absolute path>     write the decrypted business licence of a submission to a
                                              new file (owner-only) for the reviewer
  price list                                  the packages on sale (and off sale) and the custom-traffic
                                              price tiers
  price set <id|new> [--traffic-gb <n>] [--gift-gb <n>] [--price <yuan>] [--original <yuan>]
            [--days <n>] [--tags starter,popular,bestValue,enterprise] [--on-sale|--off-sale]
                                              change a package (unset options keep their value) or add
                                              one (new: traffic, price and days required); prints the id
  price tiers <minGb>:<yuan>[,<minGb>:<yuan>...] [--min <gb>] [--max <gb>] [--days <n>]
                                              set the custom-traffic volume tiers (price per GB from
                                              each amount up), bounds and validity
  stock import <csv file> [--dry-run]         add static IPs from a CSV file; header row:
                                              resourceType,countryCode,countryEn,countryZh,
                                              cityEn,cityZh,host,port,outIp,protocols (types: 1 data
                                              centre, 2 static ISP, 3 native residential, 12 China
                                              static ISP; protocols http, https, socks5 joined by |);
                                              regions are created on first use, a host:port already in
                                              stock is skipped; any bad line: nothing is imported
  stock list                                  available / allocated static IPs per type and region
                                              (static durations and prices are seeded, not set here)
  blog publish <file-or-dir>...               store blog posts from Markdown files, two per post:
                                              <slug>.en.md and <slug>.zh-CN.md (YAML front matter:
                                              title, summary, tags, publishedAt[, updatedAt]; then the
                                              body); new, changed and hidden posts are published,
                                              others left alone; prints each slug and published,
                                              updated or unchanged; any invalid file: nothing is stored
  blog list                                   every post: slug, published, updated, tags, status
  blog unpublish <slug>                       hide a post (blog publish of its files shows it again)
  help publish <file-or-dir>...               the same for help centre answers: <key>.en.md and
                                              <key>.zh-CN.md (front matter: category, order, title)
  help list                                   every help answer: id, key, category, order, title
  captcha answer <token>                      the stored answer of a captcha, as JSON on one line:
                                              blockPuzzle {"x":..,"y":..} (x: left edge of the piece,
                                              y: top of its body; the widget always sends y 5),
                                              clickWord [{"x":..,"y":..}, ...] in click order; image
                                              pixels of the 310x155 picture (support and e2e only)
  --help                                      this text

Database: DATABASE_URL, or the embedded PGlite in DATA_DIR (default ./data); read from the
environment and .env like the server. While a server runs on the embedded database, the command is
run by that server (through DATA_DIR/ops.sock) and takes effect there at once.`;

export interface OpsIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * What a command runs with: the CLI's own database and config when it runs the command itself, the
 * server's when the server runs it for the CLI (ops socket). The same commands either way.
 */
export interface OpsContext {
  /** The database, opened (and migrated) on first use so --help and usage errors never touch it. */
  db: () => Promise<Db>;
  config: Config;
  io: OpsIo;
}

class UsageError extends Error {}

const message = (error: z.ZodError) => error.issues.map((i) => localizeContractMessage(i.message, 'en')).join('; ');

function parse(args: string[], options: ParseArgsOptionsConfig = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs explains unknown options and missing values well; keep its words.
    throw new UsageError((err as Error).message);
  }
}

function positionals(values: string[], names: string[]): string[] {
  if (values.length < names.length) throw new UsageError(`missing ${names[values.length]}`);
  if (values.length > names.length) throw new UsageError(`unexpected argument "${values[names.length]}"`);
  return values;
}

function pagePath(value: string): string {
  const parsed = redirectPath.safeParse(value);
  if (!parsed.success) throw new UsageError(`path "${value}": ${message(parsed.error)}`);
  const { path, explicit } = splitLocale(parsed.data);
  // The route guard asks without the prefix, so a rule for /en/x would never fire.
  if (explicit) throw new UsageError(`path "${value}": give it without locale prefix (${path}); a rule applies to every locale`);
  return normalizeRedirectPath(parsed.data);
}

function target(value: string, path: string): string {
  const parsed = redirectTarget.safeParse(value);
  if (!parsed.success) throw new UsageError(`target "${value}": ${message(parsed.error)}`);
  const bare = parsed.data.startsWith('/')
    ? normalizeRedirectPath(splitLocale(parsed.data.split(/[?#]/, 1)[0] ?? '').path)
    : null;
  if (bare === path) throw new UsageError(`target "${value}" is the page itself: the route guard would redirect forever`);
  return parsed.data;
}

async function redirect(args: string[], { db, io }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      positionals(parse(rest).positionals, []);
      const rules = await listRedirects(await db());
      if (rules.length === 0) io.out('(no redirect rules)');
      for (const r of rules) io.out(`${r.path} -> ${r.target}${r.note ? `  (${r.note})` : ''}`);
      return 0;
    }
    case 'set': {
      const { values, positionals: pos } = parse(rest, { note: { type: 'string' } });
      const [rawPath = '', rawTarget = ''] = positionals(pos, ['<path>', '<target>']);
      const path = pagePath(rawPath);
      const to = target(rawTarget, path);
      const note = typeof values.note === 'string' ? values.note.trim() : undefined;
      const { created } = await setRedirect(await db(), { path, target: to, ...(note !== undefined && { note }) });
      io.out(`${created ? 'created' : 'updated'}: ${path} -> ${to}`);
      return 0;
    }
    case 'remove': {
      const [rawPath = ''] = positionals(parse(rest).positionals, ['<path>']);
      const path = pagePath(rawPath);
      if (!(await removeRedirect(await db(), path))) {
        io.err(`ops: no redirect rule for ${path}`);
        return 1;
      }
      io.out(`removed: ${path}`);
      return 0;
    }
    case undefined:
      throw new UsageError('missing redirect command (list, set or remove)');
    default:
      throw new UsageError(`unknown redirect command "${sub}"`);
  }
}

async function user(args: string[], { db, io }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined) throw new UsageError('missing user command (create)');
  if (sub !== 'create') throw new UsageError(`unknown user command "${sub}"`);
  const { values, positionals: pos } = parse(rest, {
    mobile: { type: 'string' },
    password: { type: 'string' },
    nickname: { type: 'string' },
    balance: { type: 'string' },
  });
  positionals(pos, []);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const mobile = str(values.mobile);
  const password = str(values.password);
  if (mobile === undefined) throw new UsageError('missing --mobile');
  if (password === undefined) throw new UsageError('missing --password');
  const balance = str(values.balance);
  if (balance !== undefined && !/^\d{1,15}$/.test(balance))
    throw new UsageError(`--balance "${balance}": expected a whole number of MB`);
  const nickname = str(values.nickname);
  try {
    const created = await createUser(await db(), {
      mobile,
      password,
      ...(nickname !== undefined && { nickname }),
      ...(balance !== undefined && { limitBalance: Number(balance) }),
    });
    // Only the id on stdout, so scripts can capture it: `id=$(npm run -s ops -- user create …)`.
    io.out(String(created.id));
    return 0;
  } catch (err) {
    if (err instanceof AccountInputError)
      throw new UsageError(`--${err.field === 'limitBalance' ? 'balance' : err.field}: ${err.message}`);
    if (err instanceof AccountExistsError) {
      io.err(`ops: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

const yuan = (fen: number) => fenToYuan(fen);

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

async function price(args: string[], { db, io }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      positionals(parse(rest).positionals, []);
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
    }
    case 'set': {
      const { values, positionals: pos } = parse(rest, {
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
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const trafficGb = countOption('traffic-gb', str(values['traffic-gb']));
      const giftGb = countOption('gift-gb', str(values['gift-gb']), 0);
      const priceFen = fenOption('price', str(values.price));
      const originalFen = fenOption('original', str(values.original));
      const days = countOption('days', str(values.days));
      const tagList = str(values.tags)?.split(',').filter(Boolean) as PackageTag[] | undefined;
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
    }
    case 'tiers': {
      const { values, positionals: pos } = parse(rest, {
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
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const rule = {
        tiers,
        minGb: countOption('min', str(values.min)) ?? current.minGb,
        maxGb: countOption('max', str(values.max)) ?? current.maxGb,
        validityDays: countOption('days', str(values.days)) ?? current.validityDays,
      };
      if (rule.maxGb < rule.minGb) throw new UsageError('--max must not be below --min');
      if ((tiers[0]?.minGb ?? Infinity) > rule.minGb)
        throw new UsageError(`the first tier must start at or below ${rule.minGb} GB`);
      await saveCustomRule(database, rule);
      io.out('ok');
      return 0;
    }
    case undefined:
      throw new UsageError('missing price command (list, set, tiers)');
    default:
      throw new UsageError(`unknown price command "${sub}"`);
  }
}

async function stock(args: string[], { db, io }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'import': {
      const { values, positionals: pos } = parse(rest, { 'dry-run': { type: 'boolean' } });
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
    }
    case 'list': {
      positionals(parse(rest).positionals, []);
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
    }
    case undefined:
      throw new UsageError('missing stock command (import or list)');
    default:
      throw new UsageError(`unknown stock command "${sub}"`);
  }
}

/** Reads, validates and stores content files: all of them, or nothing when any file is invalid. */
async function publishFiles<T>(
  paths: string[],
  read: (paths: string[]) => Promise<{ items: T[]; errors: string[] }>,
  store: (items: T[]) => Promise<PublishResult[]>,
  { io }: OpsContext,
): Promise<number> {
  if (paths.length === 0) throw new UsageError('missing <file-or-dir>');
  const { items, errors } = await read(paths);
  if (errors.length > 0) {
    for (const e of errors) io.err(`ops: ${e}`);
    io.err(`ops: ${errors.length} problem(s): nothing published`);
    return 1;
  }
  if (items.length === 0) {
    io.err(`ops: no <name>.en.md / <name>.zh-CN.md files in ${paths.join(' ')}`);
    return 1;
  }
  for (const r of await store(items)) io.out(`${r.name}\t${r.outcome}`);
  return 0;
}

async function blog(args: string[], ctx: OpsContext): Promise<number> {
  const { db, io } = ctx;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'publish':
      return await publishFiles(
        parse(rest).positionals,
        readPostFiles,
        async (items) => publishPosts(await db(), items, new Date()),
        ctx,
      );
    case 'list': {
      positionals(parse(rest).positionals, []);
      const posts = await listAllPosts(await db());
      if (posts.length === 0) io.out('(no blog posts)');
      for (const p of posts) {
        io.out(
          `${p.slug}\t${p.publishedAt.toISOString().slice(0, 10)}\t${p.updatedAt.toISOString()}\t${p.tags.join(',') || '-'}\t${p.status}`,
        );
      }
      return 0;
    }
    case 'unpublish': {
      const [slug = ''] = positionals(parse(rest).positionals, ['<slug>']);
      if (!blogSlug.safeParse(slug).success)
        throw new UsageError(`<slug> "${slug}": expected lower-case words joined by hyphens (blog list shows them)`);
      const done = await unpublishPost(await db(), slug);
      if (!done) {
        io.err(`ops: no blog post ${slug}`);
        return 1;
      }
      io.out(`${slug}\t${done}`);
      return 0;
    }
    case undefined:
      throw new UsageError('missing blog command (publish, list or unpublish)');
    default:
      throw new UsageError(`unknown blog command "${sub}"`);
  }
}

async function help(args: string[], ctx: OpsContext): Promise<number> {
  const { db, io } = ctx;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'publish':
      return await publishFiles(
        parse(rest).positionals,
        readHelpFiles,
        async (items) => publishHelp(await db(), items, new Date()),
        ctx,
      );
    case 'list': {
      positionals(parse(rest).positionals, []);
      const docs = await listAllHelp(await db());
      if (docs.length === 0) io.out('(no help answers)');
      for (const d of docs) io.out(`${d.id}\t${d.key}\t${d.category}\t${d.sortOrder}\t${d.titleEn}`);
      return 0;
    }
    case undefined:
      throw new UsageError('missing help command (publish or list)');
    default:
      throw new UsageError(`unknown help command "${sub}"`);
  }
}

async function captcha(args: string[], { db, io }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined) throw new UsageError('missing captcha command (answer)');
  if (sub !== 'answer') throw new UsageError(`unknown captcha command "${sub}"`);
  const [token = ''] = positionals(parse(rest).positionals, ['<token>']);
  const found = await captchaAnswer(await db(), token);
  if (!found) {
    io.err(`ops: no captcha with token ${token} (unknown, or expired and purged)`);
    return 1;
  }
  io.out(JSON.stringify(found.answer));
  return 0;
}

function certificationId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`<id> "${value}": expected a certification id (cert list shows them)`);
  return Number(value);
}

async function cert(args: string[], { db, io, config }: OpsContext): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values, positionals: pos } = parse(rest, { status: { type: 'string' }, 'id-hash': { type: 'string' } });
      positionals(pos, []);
      const hashOption = values['id-hash'];
      if (typeof hashOption === 'string') {
        if (values.status !== undefined) throw new UsageError('--id-hash lists personal certifications: no --status');
        const hash = hashOption.trim().toLowerCase();
        if (!/^[0-9a-f]{64}$/.test(hash)) throw new UsageError(`--id-hash "${hashOption}": expected 64 hexadecimal characters`);
        const key = await resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });
        await backfillIdCardHashes(await db(), key);
        const items = await listPersonalByIdCardHash(await db(), key, hash);
        if (items.length === 0) io.out('(no personal certifications with this ID card number)');
        for (const c of items) {
          io.out(
            `${c.id}\tuser ${c.userId} ${c.mobile ?? c.email ?? ''}\t${c.realName}\t${c.idCard}\t${c.createdAt.toISOString()}\t${statusName(c.status)}`,
          );
        }
        return 0;
      }
      const status = values.status ?? 'auditing';
      if (status !== 'auditing' && status !== 'all') throw new UsageError(`--status "${status}": expected auditing or all`);
      const items = await listEnterprise(await db(), { all: status === 'all' });
      if (items.length === 0) io.out(status === 'all' ? '(no enterprise certifications)' : '(none waiting for review)');
      for (const c of items) {
        const reason = c.failureReason ? `  (${c.failureReason})` : '';
        io.out(
          `${c.id}\tuser ${c.userId} ${c.mobile ?? c.email ?? ''}\t${c.companyName}\t${c.submittedAt.toISOString()}\t${statusName(c.status)}${reason}`,
        );
      }
      return 0;
    }
    case 'approve':
    case 'reject': {
      const { values, positionals: pos } = parse(rest, sub === 'reject' ? { reason: { type: 'string' } } : {});
      const [rawId = ''] = positionals(pos, ['<id>']);
      const id = certificationId(rawId);
      const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
      if (sub === 'reject' && reason === '') throw new UsageError('missing --reason (the user is shown it)');
      if (reason.length > 500) throw new UsageError('--reason: at most 500 characters');
      try {
        const done = await reviewEnterprise(
          await db(),
          id,
          sub === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason },
          new Date(),
        );
        io.out(`${sub === 'approve' ? 'approved' : 'rejected'}: ${done.id} ${done.companyName} (user ${done.userId})`);
        return 0;
      } catch (err) {
        if (!(err instanceof ReviewError)) throw err;
        io.err(`ops: ${err.message}`);
        return 1;
      }
    }
    case 'licence': {
      const { values, positionals: pos } = parse(rest, { out: { type: 'string' } });
      const [rawId = ''] = positionals(pos, ['<id>']);
      const id = certificationId(rawId);
      const out = typeof values.out === 'string' ? values.out : '';
      // Over the ops socket the server writes the file: a relative path would be the server's.
      if (!isAbsolute(out)) throw new UsageError('--out: expected an absolute path of a new file');
      const found = await licenceOf(await db(), id);
      if (!found) {
        io.err(`ops: no enterprise certification with id ${id}`);
        return 1;
      }
      const key = await resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });
      const data = await readLicence(config.dataDir, key, found.file);
      try {
        await writeFile(out, data, { mode: 0o600, flag: 'wx' });
      } catch (err) {
        io.err(`ops: cannot write ${out}: ${(err as Error).message}`);
        return 1;
      }
      io.out(`${out}\t${found.type}\t${data.length} bytes (.${LICENCE_EXTENSIONS[found.type]})`);
      return 0;
    }
    case 'id-hash': {
      const [raw = ''] = positionals(parse(rest).positionals, ['<ID card number>']);
      const parsed = idCardNumber.safeParse(raw);
      if (!parsed.success) throw new UsageError(`<ID card number>: ${message(parsed.error)}`);
      const key = await resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });
      io.out(idCardHash(key, parsed.data));
      return 0;
    }
    case undefined:
      throw new UsageError('missing cert command (list, approve, reject, licence or id-hash)');
    default:
      throw new UsageError(`unknown cert command "${sub}"`);
  }
}

/** Runs one command; returns the exit code (0 ok, 1 failure, 2 bad usage). Never calls process.exit. */
export async function runOps(argv: string[], ctx: OpsContext): Promise<number> {
  const { io } = ctx;
  const [command, ...args] = argv;
  try {
    // `help` alone is the usage text; `help publish|list` are the help centre's commands.
    if (command === 'help' && args.length > 0) return await help(args, ctx);
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        (command ? io.out : io.err)(USAGE);
        return command ? 0 : 2;
      case 'redirect':
        return await redirect(args, ctx);
      case 'user':
        return await user(args, ctx);
      case 'captcha':
        return await captcha(args, ctx);
      case 'price':
        return await price(args, ctx);
      case 'cert':
        return await cert(args, ctx);
      case 'stock':
        return await stock(args, ctx);
      case 'blog':
        return await blog(args, ctx);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`ops: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`ops: ${(err as Error).message}`);
    return 1;
  }
}

export type OpsRoute =
  | { kind: 'direct' }
  /** A live server holds the embedded database; `socket` is where it answers (null: no socket found). */
  | { kind: 'server'; pid: number; socket: string | null };

/**
 * Where a command runs. PostgreSQL: here, always (any number of processes may connect). Embedded
 * PGlite: through the server's ops socket when a live process holds the data folder's lock (only
 * one process may open it), otherwise here.
 */
export function opsRoute(config: Pick<Config, 'databaseUrl' | 'dataDir'>): OpsRoute {
  const options = databaseOptions(config);
  if (options.kind !== 'pglite' || !options.dataDir) return { kind: 'direct' };
  const pid = lockHolder(options.dataDir);
  if (pid === null) return { kind: 'direct' };
  return { kind: 'server', pid, socket: findOpsSocket(config.dataDir) };
}

/**
 * `stock import <file>`, `blog publish` and `help publish` name files relative to where the operator typed the command (npm runs
 * scripts from the repository root, INIT_CWD is where it was called): made absolute here, since a
 * server running the command over the ops socket has a working folder of its own.
 */
export function withAbsoluteFiles(argv: string[], base = process.env.INIT_CWD || process.cwd()): string[] {
  const [command, sub] = argv;
  const takesFiles =
    (command === 'stock' && sub === 'import') || ((command === 'blog' || command === 'help') && sub === 'publish');
  if (!takesFiles) return argv;
  return argv.map((arg, i) => (i >= 2 && !arg.startsWith('-') ? resolve(base, arg) : arg));
}

/**
 * The CLI: forwards argv to the running server when there is one on the embedded database (see
 * opsRoute), else opens the database itself and runs the command. Returns the exit code.
 */
export async function runOpsCli(rawArgv: string[], { config, io }: { config: Config; io: OpsIo }): Promise<number> {
  const argv = withAbsoluteFiles(rawArgv);
  const route = opsRoute(config);
  if (route.kind === 'server' && route.socket) {
    let reply: OpsReply | null;
    try {
      reply = await forwardOps(route.socket, argv);
    } catch (err) {
      io.err(`ops: ${(err as Error).message}`);
      return 1;
    }
    if (reply) {
      for (const line of reply.out) io.out(line);
      for (const line of reply.err) io.err(line);
      return reply.code;
    }
  }

  let database: Database | undefined;
  const db = async () => {
    if (!database) {
      try {
        database = await openDatabase(databaseOptions(config));
      } catch (err) {
        if (err instanceof DatabaseInUseError && route.kind === 'server')
          err.message += ` It did not answer on its ops socket (${route.socket ?? opsSocketPath(config.dataDir).path}): still starting, or not a portal server?`;
        throw err;
      }
      await database.migrate();
    }
    return database.db;
  };
  try {
    return await runOps(argv, { db, config, io });
  } finally {
    await database?.close();
  }
}

async function main(): Promise<void> {
  // With PostgreSQL it may open nothing in DATA_DIR, but whatever it writes (e.g. `cert licence
  // --out`) is owner-only, like the server's files (data-dir.ts).
  useOwnerOnlyUmask();
  let config: Config;
  try {
    config = loadConfigFromProcess();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  process.exitCode = await runOpsCli(process.argv.slice(2), {
    config,
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
  });
}

// Run only as a script, so tests and the server can import runOps.
if (process.argv[1] && resolve(process.argv[1]) === resolve(join(import.meta.dirname, 'ops.ts'))) await main();
