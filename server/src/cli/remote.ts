import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isRemoteName, REMOTE_NAMES, REMOTES, type RemoteName } from '@portal/shared';
import { type Config, REPO_ROOT } from '../config/index.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createRemoteRegistry, type RemoteRegistry } from '../modules/remotes/registry.ts';
import { RegistryError } from '../modules/remotes/registry-document.ts';
import { readProvidedVersions } from '../modules/remotes/version-files.ts';
import { type CliIo, type Command, maxArgs, parse, runCommand, runScript, UsageError } from './runner.ts';

/**
 * Deploys and rolls back the federated remotes without rebuilding the shell:
 * `tsx server/src/cli/remote.ts <command>` (the root `npm run remote -- <command>` calls it).
 */

const USAGE = `Usage: remote <command>

Commands:
  list                       every remote: the current version with its release, build time, commit,
                             deploy time and deployer, then every version kept (current marked *)
  history <name>             the remote's deploys and rollbacks, oldest first, with times and who
  prune <name> [--keep N]    delete all but the newest N versions (default 10); the current one is kept
  deploy <name> [--dist <dir>] [--percent N]
                             build the remote, publish its dist as a new version and make it current;
                             with --dist, publish that prebuilt dist instead (a CI artifact); with
                             --percent, serve it to about N% of visitors (sticky per visitor) and keep
                             the current version for the rest. Refused when another remote serves one
                             of its paths, or when the shell cannot provide a shared package of the
                             major it was built against
  promote <name>             make the staged version current for everyone
  rollback <name> [version]  end a staged rollout (everyone keeps the current version); otherwise make
                             the version that was live before the current one current again (or the
                             named one), never one that was itself rolled away
  ensure                     publish every built remote whose files are not published yet; activates
                             only remotes with no current version, so a restart never undoes a rollback
  --help                     this text

Remotes: ${REMOTE_NAMES.join(', ')}
Data folder: DATA_DIR (default ./data), read from the environment and .env like the server.`;

export type { CliIo } from './runner.ts';

export interface CliDeps {
  config: Pick<Config, 'dataDir' | 'shellDist'>;
  /** Where a remote's build lands. */
  distDir: (name: RemoteName) => string;
  /** Builds a remote into distDir(name); throws when the build fails. */
  build: (name: RemoteName) => void | Promise<void>;
  /** With DATABASE_URL: the registry and the versions' files are in this database, not in DATA_DIR. */
  database?: Database;
}

export const remoteDist = (name: RemoteName) => resolve(REPO_ROOT, REMOTES[name].dir, 'dist');

/** The umask the CLI started with: builds write the repository's dist folders, not DATA_DIR. */
let buildUmask: number | null = null;

export function buildRemote(name: RemoteName): void {
  const own = buildUmask === null ? null : process.umask(buildUmask);
  const result = spawnSync('npx', ['pnpm@10.34.8', '--filter', `@portal/${name}`, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (own !== null) process.umask(own);
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`build of @portal/${name} failed (exit code ${result.status ?? result.signal})`);
}

function remoteArg(value: string | undefined): RemoteName {
  if (!value) throw new UsageError('missing remote name');
  if (!isRemoteName(value)) throw new UsageError(`unknown remote "${value}" (known: ${REMOTE_NAMES.join(', ')})`);
  return value;
}

interface RemoteContext {
  registry: RemoteRegistry;
  deps: CliDeps;
  io: CliIo;
}

const commands: Record<string, Command<RemoteContext>> = {
  async list(args, { registry, io }) {
    maxArgs(args, 0);
    for (const remote of await registry.listRegistry()) {
      const current = remote.versions.find((v) => v.current);
      io.out(`${remote.name}  current: ${remote.current ?? '(none)'}`);
      if (current) {
        io.out(
          `  release ${current.release ?? '(unknown)'}  built ${current.builtAt ?? '(unknown)'}  commit ${current.commit ?? '(unknown)'}`,
        );
        io.out(`  deployed ${current.deployedAt} by ${current.deployedBy ?? '(unknown)'}`);
      }
      if (remote.stage)
        io.out(`  staged: ${remote.stage.version} for ${remote.stage.percent}% of visitors since ${remote.stage.since}`);
      io.out(`  versions kept: ${remote.versions.length}`);
      for (const v of remote.versions)
        io.out(`  ${v.current ? '*' : ' '} ${v.version}  deployed ${v.deployedAt}  release ${v.release ?? '(unknown)'}`);
    }
    return 0;
  },

  async history(args, { registry, io }) {
    maxArgs(args, 1);
    const name = remoteArg(args[0]);
    const remote = (await registry.listRegistry()).find((r) => r.name === name);
    if (!remote?.activations.length) {
      io.out(`${name}: nothing deployed yet`);
      return 0;
    }
    for (const a of remote.activations) io.out(`${a.at}  ${a.action.padEnd(8)} ${a.from ?? '(none)'} → ${a.version}  by ${a.by}`);
    return 0;
  },

  async prune(args, { registry, io }) {
    const { values, positionals } = parse(args, { keep: { type: 'string' } });
    maxArgs(positionals, 1);
    const name = remoteArg(positionals[0]);
    const keepText = (values.keep as string | undefined) ?? '10';
    if (!/^\d+$/.test(keepText) || Number(keepText) < 1)
      throw new UsageError(`--keep must be a whole number of at least 1 (got "${keepText}")`);
    const { removed, kept } = await registry.prune(name, Number(keepText));
    io.out(
      `${name}: removed ${removed.length} version(s)${removed.length ? ` (${removed.join(', ')})` : ''}; ${kept.length} kept`,
    );
    return 0;
  },

  async deploy(args, { registry, deps, io }) {
    const { values, positionals } = parse(args, { dist: { type: 'string' }, percent: { type: 'string' } });
    const distOption = values.dist as string | undefined;
    const percentText = values.percent as string | undefined;
    maxArgs(positionals, 1);
    const name = remoteArg(positionals[0]);
    if (percentText !== undefined && !(/^\d+$/.test(percentText) && Number(percentText) >= 1 && Number(percentText) <= 99))
      throw new UsageError(`--percent must be a whole number from 1 to 99 (got "${percentText}")`);
    const percent = percentText === undefined ? undefined : Number(percentText);
    if (distOption === undefined) await deps.build(name);
    const dist = distOption === undefined ? deps.distDir(name) : resolve(distOption);
    const result = await registry.publishRemote(name, dist, { activate: true, ...(percent !== undefined && { percent }) });
    if (percent !== undefined) {
      io.out(
        `${name}: ${result.version} is staged for about ${percent}% of visitors (\`remote promote ${name}\` for everyone, \`remote rollback ${name}\` to end it)`,
      );
      return 0;
    }
    io.out(`${name}: ${result.version} is now current${result.reused ? ' (same files as an existing version, reused)' : ''}`);
    return 0;
  },

  async promote(args, { registry, io }) {
    maxArgs(args, 1);
    const name = remoteArg(args[0]);
    const { from, to } = await registry.promote(name);
    io.out(`${name}: ${to} is now current for everyone (was ${from ?? '(none)'})`);
    return 0;
  },

  async rollback(args, { registry, io }) {
    maxArgs(args, 2);
    const name = remoteArg(args[0]);
    const { from, to } = await registry.rollback(name, args[1]);
    io.out(from === to ? `${name}: ${to} is already current` : `${name}: rolled back from ${from} to ${to}`);
    return 0;
  },

  async ensure(args, { registry, deps, io }) {
    maxArgs(args, 0);
    let failed = false;
    for (const name of REMOTE_NAMES) {
      const dist = deps.distDir(name);
      if (!existsSync(dist)) {
        io.out(`${name}: not built (${dist}), skipped`);
        continue;
      }
      try {
        const r = await registry.ensurePublished(name, dist);
        io.out(`${name}: ${r.reused ? 'already published as' : 'published'} ${r.version}${r.activated ? ' (current)' : ''}`);
      } catch (err) {
        // One broken remote must not keep the others from being published.
        failed = true;
        io.err(`${name}: ${(err as Error).message}`);
      }
    }
    return failed ? 1 : 0;
  },
};

/** Runs one command; returns the exit code (0 ok, 1 failure, 2 bad usage). Never calls process.exit. */
export function runCli(argv: string[], deps: CliDeps, io: CliIo): Promise<number> {
  // A remote goes live only if the shell being served can provide what it was built against.
  const registry = createRemoteRegistry(deps.config.dataDir, {
    providedVersions: () => readProvidedVersions(deps.config.shellDist),
    ...(deps.database && { database: deps.database }),
  });
  return runCommand(
    {
      name: 'remote',
      usage: USAGE,
      commands,
      // An unknown name is a usage mistake, but the message already lists the known ones.
      isArgumentError: (err) => err instanceof RegistryError && err.kind === 'unknown-remote',
    },
    argv,
    { registry, deps, io },
    io,
  );
}

// Runs only when started as a script; tests import runCli.
await runScript(import.meta.filename, async (argv, { config, io, startUmask }) => {
  buildUmask = startUmask;
  // On PostgreSQL the registry is the database's: no server needs to run, and every instance sees
  // the change at once (NOTIFY). The embedded mode keeps it in DATA_DIR.
  const database = config.databaseUrl ? await openDatabase({ kind: 'postgres', url: config.databaseUrl }) : undefined;
  try {
    await database?.migrate();
    return await runCli(argv, { config, distDir: remoteDist, build: buildRemote, ...(database && { database }) }, io);
  } finally {
    await database?.close();
  }
});
