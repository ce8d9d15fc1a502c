import { resolve } from 'node:path';
import type { Config } from '../config/index.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DatabaseInUseError, lockHolder } from '../db/pglite-lock.ts';
import { databaseOptions } from '../plugins/database.ts';
import { blog } from './ops/blog.ts';
import { captcha } from './ops/captcha.ts';
import { cert } from './ops/cert.ts';
import type { OpsContext, OpsIo } from './ops/context.ts';
import { help } from './ops/help.ts';
import { invoice } from './ops/invoice.ts';
import { lead } from './ops/lead.ts';
import { price } from './ops/price.ts';
import { redirect } from './ops/redirect.ts';
import { refund } from './ops/refund.ts';
import { site } from './ops/site.ts';
import { status } from './ops/status.ts';
import { stock } from './ops/stock.ts';
import { user } from './ops/user.ts';
import { findOpsSocket, forwardOps, type OpsReply, opsSocketPath } from './ops-socket.ts';
import { runCommand, runScript } from './runner.ts';

export type { OpsContext, OpsIo } from './ops/context.ts';

/**
 * Operator tasks on the server's database: `tsx server/src/cli/ops.ts <command>` (the root
 * `npm run ops -- <command>` calls it). Same configuration as the server (DATABASE_URL, DATA_DIR,
 * .env); pending migrations are applied first, as the server does at start. With the embedded
 * database and a server running on it, the server runs the command (runOpsCli, ops-socket.ts).
 * The command groups live in ops/, one file each.
 */

const USAGE = `Usage: ops <command>

Commands:
  redirect list                               every redirect rule: path -> target  (note)
  redirect set <path> <target> [--note <text>]
                                              create or replace the rule of a page path without locale
                                              prefix (/old-promo); target: a path starting with /
                                              (/en/buy, /buy) or an http(s) URL
  redirect remove <path>                      delete the rule of a path
  user create --mobile <m> --password <p> [--nickname <n>] [--balance <MB> [--days <n>]] [--site <site>]
                                              create a member (mobile: 11 digits for the mainland, + and
                                              the country code otherwise; password of 8 to
                                              128 characters, starting traffic in MB, valid for --days,
                                              365 by default) of a site (id or domain; the default site
                                              if not given); prints the user id
  cert list [--status auditing|all]           certifications waiting for review (or all), oldest first:
                                              id (d12 for a document), user id and login, company or
                                              name as on the document, document (business licence CN;
                                              passport, national ID card, driving licence, other
                                              government ID or company registration, with country and
                                              number, and other accounts that used it), submitted at,
                                              status
  cert list --id-hash <hash>                  the personal certifications of one ID card number (the
                                              hash the server logs when the number reaches
                                              CERT_MAX_ACCOUNTS_PER_ID_CARD): id, user id and login,
                                              name, masked number, status, certified at
  cert id-hash <ID card number>               the hash of an ID card number (for cert list --id-hash)
  cert approve <id>                           approve a certification waiting for review (status 3;
                                              12 for an enterprise, d12 for a document)
  cert reject <id> --reason <text>            reject it with the reason the user is shown (status 4;
                                              the user may resubmit)
  cert licence <id> --out <absolute path>     write the decrypted business licence of a submission to a
                                              new file (owner-only) for the reviewer
  cert document <id> --out <absolute path>    the same (an alias), for the document of d<id>: the
                                              passport, ID or company registration photo or scan
  price list                                  the packages on sale (and off sale) and the custom-traffic
                                              price tiers
  price set <id|new> [--traffic-gb <n>] [--gift-gb <n>] [--price <yuan>] [--original <yuan>]
            [--days <n>] [--tags starter,popular,bestValue,enterprise] [--on-sale|--off-sale]
                                              change a package (unset options keep their value) or add
                                              one (new: traffic, price and days required); prints the id
  price tiers <minGb>:<yuan>[,<minGb>:<yuan>...] [--min <gb>] [--max <gb>] [--days <n>]
                                              set the custom-traffic volume tiers (price per GB from
                                              each amount up), bounds and validity
  invoice list [--status requested|all]       invoices waiting to be issued (or all): id, status, kind
                                              (VAT special or ordinary), order (traffic or static IP),
                                              amount, user, requested at; then title, taxpayer
                                              number and, for VAT special
                                              invoices, tax address, phone, bank and account
  invoice issue <id> <pdf file>               issue a requested invoice with its PDF (checked: %PDF-
                                              header, %%EOF, at most 10 MB; stored encrypted); the
                                              user downloads it from the order list
  invoice refuse <id> --reason <text>         refuse a requested invoice with the reason the user is
                                              shown (the user may request it again)
  site list                                   every substation (site chosen by host name): id, domain,
                                              names, logo, service hours, contacts, ICP, how many prices
                                              it overrides
  site add <domain> --name-en <text> --name-zh <text> [--logo </path/on/this/server>]
           [--hours-en <text> --hours-zh <text>] [--contact <kind>:<value>]... [--icp <text>]
                                              add a substation for a host name (cn.example.com); contact
                                              kinds: phone, email, wechat, qq, telegram, whatsapp, skype
                                              (repeat --contact); prints the site id
  site set <site> [--domain <host>] [the options of site add] [--no-contacts] [--no-icp]
                                              change a site (<site>: its id or domain); unset options
                                              keep their value, --contact replaces all contacts
  site price <site>                           every price as that site sells it: packages, custom-traffic
                                              tiers, static durations; its own prices marked "site"
  site price <site> package <id> <yuan>|default [--original <yuan>]
                                              the site's price of a package (and list price), or back to
                                              the package's own price
  site price <site> tier <minGb> <yuan>|default
                                              the site's price per GB of the custom-traffic tier starting
                                              at <minGb> GB (a tier of price list)
  site price <site> tiers <minGb>:<yuan>[,<minGb>:<yuan>...]|default
                                              the site's whole tier table: the tiers given at these
                                              prices, every other tier at its default price
  site price <site> static <type> <days> <yuan>|default [--original <yuan>]
                                              the site's price per IP of a static duration (types: 1
                                              data centre, 2 static ISP, 3 native residential, 12 China
                                              static ISP)
                                              Members are charged their own site's prices (the site they
                                              registered on); visitors see the prices of the host's site.
  refund <orderNo> --reason <text> [--amount <yuan>]
                                              refund an order (R… or S…): all that is left of its
                                              payment, or --amount of it; its remaining traffic or its
                                              IPs are taken back at once, the server's refund job asks
                                              the provider and tells the buyer (decision 0058)
  refund <orderNo> --list                     the order's refunds: number, status, amount, attempts
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
  lead list [--status open|all]               custom-plan requests, newest first (open ones by default):
                                              id, sent at, status, company, contact (user id when
                                              logged in), monthly GB, use case, language and host,
                                              confirmation state; then the message and any note
  lead close <id> [--note <text>]             close a request once it is followed up (note: at most
                                              500 characters)
  status open --title-en <text> --title-zh <text> --body-en <text> --body-zh <text>
              [--severity minor|major|critical] [--state investigating|identified|monitoring]
              [--component <product>[:<region>]]...
                                              open an incident on the public status page (/status);
                                              products: dynamicResidential, staticIsp,
                                              nativeResidential, datacenter, chinaStaticIsp; region:
                                              global or a country code (US); confirmed subscribers
                                              are e-mailed, each in their language; prints the id
  status update <id> --state investigating|identified|monitoring|resolved --body-en <text>
                --body-zh <text> [--severity minor|major|critical]
                                              add an update to an open incident (e-mailed likewise)
  status resolve <id> --body-en <text> --body-zh <text>
                                              resolve an incident with a closing note (e-mailed
                                              likewise); it stays on the page for 14 days
  status list [--all]                         open incidents (or all), newest first: id, started,
                                              state, severity, titles, components; then how many
                                              subscribers there are
  captcha answer <token>                      the stored answer of a captcha, as JSON on one line:
                                              blockPuzzle {"x":..,"y":..} (x: left edge of the piece,
                                              y: top of its body; the widget always sends y 5),
                                              clickWord [{"x":..,"y":..}, ...] in click order; image
                                              pixels of the 310x155 picture (support and e2e only)
  --help                                      this text

Database: DATABASE_URL, or the embedded PGlite in DATA_DIR (default ./data); read from the
environment and .env like the server. While a server runs on the embedded database, the command is
run by that server (through DATA_DIR/ops.sock) and takes effect there at once.`;

const commands = { redirect, user, captcha, price, site, cert, invoice, refund, stock, blog, help, lead, status };

/** Runs one command; returns the exit code (0 ok, 1 failure, 2 bad usage). Never calls process.exit. */
export function runOps(argv: string[], ctx: OpsContext): Promise<number> {
  return runCommand({ name: 'ops', usage: USAGE, commands }, argv, ctx, ctx.io);
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
 * `stock import <file>`, `invoice issue <id> <file>`, `blog publish` and `help publish` name files relative to where the operator typed the command (npm runs
 * scripts from the repository root, INIT_CWD is where it was called): made absolute here, since a
 * server running the command over the ops socket has a working folder of its own.
 */
export function withAbsoluteFiles(argv: string[], base = process.env.INIT_CWD || process.cwd()): string[] {
  const [command, sub] = argv;
  // invoice issue <id> <file>: only the file, the one positional after the id.
  if (command === 'invoice' && sub === 'issue') {
    const file = argv.flatMap((arg, i) => (i >= 2 && !arg.startsWith('-') ? [i] : []))[1];
    return argv.map((arg, i) => (i === file ? resolve(base, arg) : arg));
  }
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

// Runs only when started as a script; tests and the server import runOps.
await runScript(import.meta.filename, (argv, { config, io }) => runOpsCli(argv, { config, io }));
