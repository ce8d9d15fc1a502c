import { resolve } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { type Config, loadConfigOrExit } from '../config/index.ts';
import { useOwnerOnlyUmask } from '../data-dir.ts';

/**
 * The plumbing of the operator CLIs (ops.ts, remote.ts), written once: command lookup, usage text,
 * exit codes (0 ok, 1 failure, 2 bad usage), error lines prefixed with the CLI's name, argument
 * checks and the start as a script.
 */

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Bad usage: exit 2, its message followed by the usage text. */
export class UsageError extends Error {}

/** A command or command group: gets the words after its name, returns the exit code. */
export type Command<C> = (args: string[], ctx: C) => Promise<number>;

export interface Cli<C> {
  /** Prefixes every error line. */
  name: string;
  usage: string;
  commands: Record<string, Command<C>>;
  /** Errors that are bad usage (exit 2) but say enough without the usage text. */
  isArgumentError?: (err: unknown) => boolean;
}

// Own keys only: `toString` is an unknown command, not Object.prototype's.
const lookup = <C>(commands: Record<string, Command<C>>, name: string) =>
  Object.hasOwn(commands, name) ? commands[name] : undefined;

/** Runs one command; returns the exit code. Never calls process.exit. */
export async function runCommand<C>(cli: Cli<C>, argv: string[], ctx: C, io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    // `help` alone is the usage text; a CLI may still have a `help` command group of its own.
    const helpGroup = command === 'help' && args.length > 0 ? lookup(cli.commands, command) : undefined;
    if (command === undefined || command === '--help' || command === '-h' || (command === 'help' && !helpGroup)) {
      (command ? io.out : io.err)(cli.usage);
      return command ? 0 : 2;
    }
    const run = lookup(cli.commands, command);
    if (!run) throw new UsageError(`unknown command "${command}"`);
    return await run(args, ctx);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${cli.name}: ${err.message}\n\n${cli.usage}`);
      return 2;
    }
    io.err(`${cli.name}: ${(err as Error).message}`);
    return cli.isArgumentError?.(err) ? 2 : 1;
  }
}

/** A command of sub-commands (`redirect list|set|remove`); `expected` names them when none is given. */
export function commandGroup<C>(name: string, expected: string, subs: Record<string, Command<C>>): Command<C> {
  return async ([sub, ...rest], ctx) => {
    if (sub === undefined) throw new UsageError(`missing ${name} command (${expected})`);
    const run = lookup(subs, sub);
    if (!run) throw new UsageError(`unknown ${name} command "${sub}"`);
    return await run(rest, ctx);
  };
}

export function parse(args: string[], options: ParseArgsOptionsConfig = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    // parseArgs explains unknown options and missing values well; keep its words.
    throw new UsageError((err as Error).message);
  }
}

export function maxArgs(args: string[], max: number): void {
  if (args.length > max) throw new UsageError(`unexpected argument "${args[max]}"`);
}

/** Exactly the named positional arguments. */
export function positionals(values: string[], names: string[]): string[] {
  if (values.length < names.length) throw new UsageError(`missing ${names[values.length]}`);
  maxArgs(values, names.length);
  return values;
}

/** The value of a string option, undefined when absent. */
export const stringOption = (value: unknown) => (typeof value === 'string' ? value : undefined);

export interface ScriptEnv {
  config: Config;
  io: CliIo;
  /** The umask the process started with, before the owner-only one. */
  startUmask: number;
}

/**
 * Runs `main` only when `file` is the script node was started with (tests and the server import
 * it). Whatever the CLI writes is owner-only like the server's files (data-dir.ts); the configuration
 * is the server's (a bad one: its message, exit 1); `main`'s result becomes the exit code.
 */
export async function runScript(file: string, main: (argv: string[], env: ScriptEnv) => Promise<number>): Promise<void> {
  if (!process.argv[1] || resolve(process.argv[1]) !== resolve(file)) return;
  const startUmask = useOwnerOnlyUmask();
  const config = loadConfigOrExit();
  const io: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
  process.exitCode = await main(process.argv.slice(2), { config, io, startUmask });
}
