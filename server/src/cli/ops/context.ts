import { localizeContractMessage } from '@portal/shared';
import type { z } from 'zod';
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { type CliIo, type Command, parse, positionals } from '../runner.ts';

export type OpsIo = CliIo;

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

export type OpsCommand = Command<OpsContext>;

export const message = (error: z.ZodError) => error.issues.map((i) => localizeContractMessage(i.message, 'en')).join('; ');

/** A `list` command without arguments: one line a row, or `empty` when there are none. */
export function listing<R>(rows: (db: Db) => Promise<R[]>, empty: string, line: (row: R) => string): OpsCommand {
  return async (args, { db, io }) => {
    positionals(parse(args).positionals, []);
    const found = await rows(await db());
    if (found.length === 0) io.out(empty);
    for (const row of found) io.out(line(row));
    return 0;
  };
}
