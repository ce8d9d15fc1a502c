import { writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { idCardNumber } from '@portal/shared';
import { idCardHash, resolveDataKey } from '../../modules/certification/crypto.ts';
import { LICENCE_EXTENSIONS, readLicence } from '../../modules/certification/licence.ts';
import {
  backfillIdCardHashes,
  licenceOf,
  listEnterprise,
  listPersonalByIdCardHash,
  ReviewError,
  reviewEnterprise,
  statusName,
} from '../../modules/certification/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import { message, type OpsCommand, type OpsContext } from './context.ts';

function certificationId(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`<id> "${value}": expected a certification id (cert list shows them)`);
  return Number(value);
}

const dataKey = ({ config, io }: OpsContext) => resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });

function review(decision: 'approve' | 'reject'): OpsCommand {
  return async (args, { db, io }) => {
    const { values, positionals: pos } = parse(args, decision === 'reject' ? { reason: { type: 'string' } } : {});
    const [rawId = ''] = positionals(pos, ['<id>']);
    const id = certificationId(rawId);
    const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
    if (decision === 'reject' && reason === '') throw new UsageError('missing --reason (the user is shown it)');
    if (reason.length > 500) throw new UsageError('--reason: at most 500 characters');
    try {
      const done = await reviewEnterprise(
        await db(),
        id,
        decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason },
        new Date(),
      );
      io.out(`${decision === 'approve' ? 'approved' : 'rejected'}: ${done.id} ${done.companyName} (user ${done.userId})`);
      return 0;
    } catch (err) {
      if (!(err instanceof ReviewError)) throw err;
      io.err(`ops: ${err.message}`);
      return 1;
    }
  };
}

export const cert = commandGroup<OpsContext>('cert', 'list, approve, reject, licence or id-hash', {
  async list(args, ctx) {
    const { db, io } = ctx;
    const { values, positionals: pos } = parse(args, { status: { type: 'string' }, 'id-hash': { type: 'string' } });
    positionals(pos, []);
    const hashOption = values['id-hash'];
    if (typeof hashOption === 'string') {
      if (values.status !== undefined) throw new UsageError('--id-hash lists personal certifications: no --status');
      const hash = hashOption.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(hash)) throw new UsageError(`--id-hash "${hashOption}": expected 64 hexadecimal characters`);
      const key = await dataKey(ctx);
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
  },

  approve: review('approve'),
  reject: review('reject'),

  async licence(args, ctx) {
    const { db, io } = ctx;
    const { values, positionals: pos } = parse(args, { out: { type: 'string' } });
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
    const data = await readLicence(await db(), await dataKey(ctx), found.file);
    try {
      await writeFile(out, data, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      io.err(`ops: cannot write ${out}: ${(err as Error).message}`);
      return 1;
    }
    io.out(`${out}\t${found.type}\t${data.length} bytes (.${LICENCE_EXTENSIONS[found.type]})`);
    return 0;
  },

  async 'id-hash'(args, ctx) {
    const [raw = ''] = positionals(parse(args).positionals, ['<ID card number>']);
    const parsed = idCardNumber.safeParse(raw);
    if (!parsed.success) throw new UsageError(`<ID card number>: ${message(parsed.error)}`);
    ctx.io.out(idCardHash(await dataKey(ctx), parsed.data));
    return 0;
  },
});
