import { redirectPath, redirectTarget, splitLocale } from '@portal/shared';
import { listRedirects, normalizeRedirectPath, removeRedirect, setRedirect } from '../../modules/redirects/service.ts';
import { commandGroup, parse, positionals, UsageError } from '../runner.ts';
import { listing, message, type OpsContext } from './context.ts';

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

export const redirect = commandGroup<OpsContext>('redirect', 'list, set or remove', {
  list: listing(listRedirects, '(no redirect rules)', (r) => `${r.path} -> ${r.target}${r.note ? `  (${r.note})` : ''}`),

  async set(args, { db, io }) {
    const { values, positionals: pos } = parse(args, { note: { type: 'string' } });
    const [rawPath = '', rawTarget = ''] = positionals(pos, ['<path>', '<target>']);
    const path = pagePath(rawPath);
    const to = target(rawTarget, path);
    const note = typeof values.note === 'string' ? values.note.trim() : undefined;
    const { created } = await setRedirect(await db(), { path, target: to, ...(note !== undefined && { note }) });
    io.out(`${created ? 'created' : 'updated'}: ${path} -> ${to}`);
    return 0;
  },

  async remove(args, { db, io }) {
    const [rawPath = ''] = positionals(parse(args).positionals, ['<path>']);
    const path = pagePath(rawPath);
    if (!(await removeRedirect(await db(), path))) {
      io.err(`ops: no redirect rule for ${path}`);
      return 1;
    }
    io.out(`removed: ${path}`);
    return 0;
  },
});
