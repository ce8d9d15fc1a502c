import { AccountExistsError, AccountInputError, createUser } from '../../modules/accounts/users.ts';
import { findSite } from '../../modules/system/service.ts';
import { commandGroup, parse, positionals, stringOption, UsageError } from '../runner.ts';
import type { OpsContext } from './context.ts';

const OPTION_OF: Partial<Record<string, string>> = { limitBalance: 'balance', balanceValidityDays: 'days' };

export const user = commandGroup<OpsContext>('user', 'create', {
  async create(args, { db, io }) {
    const { values, positionals: pos } = parse(args, {
      mobile: { type: 'string' },
      password: { type: 'string' },
      nickname: { type: 'string' },
      balance: { type: 'string' },
      days: { type: 'string' },
      site: { type: 'string' },
    });
    positionals(pos, []);
    const mobile = stringOption(values.mobile);
    const password = stringOption(values.password);
    if (mobile === undefined) throw new UsageError('missing --mobile');
    if (password === undefined) throw new UsageError('missing --password');
    const balance = stringOption(values.balance);
    if (balance !== undefined && !/^\d{1,15}$/.test(balance))
      throw new UsageError(`--balance "${balance}": expected a whole number of MB`);
    const days = stringOption(values.days);
    if (days !== undefined && !/^\d{1,4}$/.test(days)) throw new UsageError(`--days "${days}": expected a whole number of days`);
    if (days !== undefined && balance === undefined) throw new UsageError('--days needs --balance');
    const nickname = stringOption(values.nickname);
    const siteName = stringOption(values.site);
    const database = await db();
    // The substation the member belongs to (decision 0027): as if they had registered on its host.
    const site = siteName === undefined ? undefined : await findSite(database, siteName);
    if (siteName !== undefined && !site) {
      io.err(`ops: no site ${siteName} (see ops site list)`);
      return 1;
    }
    try {
      const created = await createUser(database, {
        mobile,
        password,
        ...(nickname !== undefined && { nickname }),
        ...(balance !== undefined && { limitBalance: Number(balance) }),
        ...(days !== undefined && { balanceValidityDays: Number(days) }),
        ...(site && { siteId: site.id }),
      });
      // Only the id on stdout, so scripts can capture it: `id=$(npm run -s ops -- user create …)`.
      io.out(String(created.id));
      return 0;
    } catch (err) {
      if (err instanceof AccountInputError) throw new UsageError(`--${OPTION_OF[err.field] ?? err.field}: ${err.message}`);
      if (err instanceof AccountExistsError) {
        io.err(`ops: ${err.message}`);
        return 1;
      }
      throw err;
    }
  },
});
