import { writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { type DocumentKind, idCardNumber } from '@portal/shared';
import { idCardHash, resolveDataKey } from '../../modules/certification/crypto.ts';
import { LICENCE_EXTENSIONS, readLicence } from '../../modules/certification/licence.ts';
import {
  backfillIdCardHashes,
  documentFileOf,
  licenceOf,
  listDocuments,
  listEnterprise,
  listPersonalByIdCardHash,
  ReviewError,
  reviewDocument,
  reviewEnterprise,
  statusName,
} from '../../modules/certification/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import { message, type OpsCommand, type OpsContext } from './context.ts';

/**
 * An id as `cert list` prints it: a number for an enterprise (business licence) submission, `d`
 * and a number for a document submission (passport or other ID, overseas company registration).
 */
function certificationId(value: string): { kind: 'enterprise' | 'document'; id: number } {
  const match = /^(d?)(\d{1,9})$/i.exec(value.trim());
  if (!match)
    throw new UsageError(`<id> "${value}": expected a certification id as cert list shows it (12, or d12 for a document)`);
  return { kind: match[1] ? 'document' : 'enterprise', id: Number(match[2]) };
}

/** What `cert list` calls each kind of document. */
const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  passport: 'passport',
  national_id: 'national ID card',
  driving_licence: 'driving licence',
  other: 'other government ID',
  company_registration: 'company registration',
};

const dataKey = ({ config, io }: OpsContext) => resolveDataKey(config, { warn: (msg: unknown) => io.err(`ops: ${String(msg)}`) });

function review(decision: 'approve' | 'reject'): OpsCommand {
  return async (args, { db, io }) => {
    const { values, positionals: pos } = parse(args, decision === 'reject' ? { reason: { type: 'string' } } : {});
    const [rawId = ''] = positionals(pos, ['<id>']);
    const { kind, id } = certificationId(rawId);
    const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
    if (decision === 'reject' && reason === '') throw new UsageError('missing --reason (the user is shown it)');
    if (reason.length > 500) throw new UsageError('--reason: at most 500 characters');
    if (/\p{Cc}/u.test(reason)) throw new UsageError('--reason: no control characters');
    const verdict = decision === 'approve' ? ({ decision: 'approve' } as const) : ({ decision: 'reject', reason } as const);
    const verb = decision === 'approve' ? 'approved' : 'rejected';
    try {
      if (kind === 'document') {
        const done = await reviewDocument(await db(), id, verdict, new Date());
        io.out(`${verb}: d${done.id} ${done.holderName} (${DOCUMENT_NAMES[done.documentType]}, user ${done.userId})`);
        return 0;
      }
      const done = await reviewEnterprise(await db(), id, verdict, new Date());
      io.out(`${verb}: ${done.id} ${done.companyName} (user ${done.userId})`);
      return 0;
    } catch (err) {
      if (!(err instanceof ReviewError)) throw err;
      io.err(`ops: ${err.message}`);
      return 1;
    }
  };
}

/** `cert licence|document <id> --out <path>`: the decrypted business licence or document of a submission, to a new file. */
const writeDocument: OpsCommand = async (args, ctx) => {
  const { db, io } = ctx;
  const { values, positionals: pos } = parse(args, { out: { type: 'string' } });
  const [rawId = ''] = positionals(pos, ['<id>']);
  const { kind, id } = certificationId(rawId);
  const out = typeof values.out === 'string' ? values.out : '';
  // Over the ops socket the server writes the file: a relative path would be the server's.
  if (!isAbsolute(out)) throw new UsageError('--out: expected an absolute path of a new file');
  const found = kind === 'document' ? await documentFileOf(await db(), id) : await licenceOf(await db(), id);
  if (!found) {
    io.err(`ops: no ${kind === 'document' ? 'document' : 'enterprise'} certification with id ${rawId.trim()}`);
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
};

export const cert = commandGroup<OpsContext>('cert', 'list, approve, reject, licence, document or id-hash', {
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
    const all = status === 'all';
    const lines: { at: Date; line: string }[] = [];
    for (const c of await listEnterprise(await db(), { all })) {
      const reason = c.failureReason ? `  (${c.failureReason})` : '';
      lines.push({
        at: c.submittedAt,
        line: `${c.id}\tuser ${c.userId} ${c.mobile ?? c.email ?? ''}\t${c.companyName}\tbusiness licence CN\t${c.submittedAt.toISOString()}\t${statusName(c.status)}${reason}`,
      });
    }
    for (const c of await listDocuments(await db(), await dataKey(ctx), { all })) {
      const reason = c.failureReason ? `  (${c.failureReason})` : '';
      // The reviewer compares name and number with the document (cert document d<id> --out …).
      const others = c.otherAccounts > 0 ? ` (also on ${c.otherAccounts} other account${c.otherAccounts > 1 ? 's' : ''})` : '';
      lines.push({
        at: c.submittedAt,
        line: `d${c.id}\tuser ${c.userId} ${c.mobile ?? c.email ?? ''}\t${c.holderName}\t${DOCUMENT_NAMES[c.documentType]} ${c.country} ${c.number}${others}\t${c.submittedAt.toISOString()}\t${statusName(c.status)}${reason}`,
      });
    }
    if (lines.length === 0) io.out(all ? '(no certifications waiting for review or reviewed)' : '(none waiting for review)');
    for (const { line } of lines.sort((a, b) => a.at.getTime() - b.at.getTime())) io.out(line);
    return 0;
  },

  approve: review('approve'),
  reject: review('reject'),

  licence: writeDocument,
  document: writeDocument,

  async 'id-hash'(args, ctx) {
    const [raw = ''] = positionals(parse(args).positionals, ['<ID card number>']);
    const parsed = idCardNumber.safeParse(raw);
    if (!parsed.success) throw new UsageError(`<ID card number>: ${message(parsed.error)}`);
    ctx.io.out(idCardHash(await dataKey(ctx), parsed.data));
    return 0;
  },
});
