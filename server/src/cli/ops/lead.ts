import { closeLead, listLeads } from '../../modules/leads/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import type { OpsContext } from './context.ts';

const NOTE_MAX = 500;

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export const lead = commandGroup<OpsContext>('lead', 'list or close', {
  async list(args, { db, io }) {
    const { values, positionals: pos } = parse(args, { status: { type: 'string' } });
    positionals(pos, []);
    const status = values.status ?? 'open';
    if (status !== 'open' && status !== 'all') throw new UsageError(`--status "${String(status)}": expected open or all`);
    const rows = await listLeads(await db(), status);
    if (rows.length === 0) io.out(status === 'open' ? '(no open leads)' : '(no leads)');
    for (const r of rows) {
      const who = `${r.contactName} <${r.contact}>${r.userId === null ? '' : ` user ${r.userId}`}`;
      const confirmation = `confirmation ${r.confirmationStatus}${r.confirmationStatus === 'pending' ? ` (attempts ${r.confirmationAttempts})` : ''}`;
      io.out(
        `${r.id}\t${r.createdAt.toISOString()}\t${r.status}\t${r.company}\t${who}\t${r.volume} GB/month\t${r.useCase}\t${r.locale} ${r.host}\t${confirmation}`,
      );
      if (r.message) io.out(`\tmessage: ${oneLine(r.message)}`);
      if (r.note) io.out(`\tnote: ${oneLine(r.note)} (closed ${r.closedAt?.toISOString() ?? ''})`);
    }
    return 0;
  },

  async close(args, { db, io }) {
    const { values, positionals: pos } = parse(args, { note: { type: 'string' } });
    const [rawId = ''] = positionals(pos, ['<id>']);
    if (!/^\d{1,9}$/.test(rawId)) throw new UsageError(`<id> "${rawId}": expected a lead id (lead list shows them)`);
    const note = typeof values.note === 'string' ? values.note.trim() : '';
    if (note.length > NOTE_MAX) throw new UsageError(`--note: at most ${NOTE_MAX} characters`);
    const outcome = await closeLead(await db(), Number(rawId), note || null, new Date());
    if (!outcome.ok) {
      io.err(`ops: ${outcome.reason === 'not_found' ? `no lead ${rawId}` : `lead ${rawId} is already closed`}`);
      return 1;
    }
    io.out(`closed: ${outcome.lead.id} ${outcome.lead.company}`);
    return 0;
  },
});
