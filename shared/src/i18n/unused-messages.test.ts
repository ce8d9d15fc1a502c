// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const CATALOGS = [
  'shared/src/i18n/messages/en.json',
  'shell/src/i18n/messages/en.json',
  'remotes/checkout/src/messages/en.json',
  'remotes/marketing/src/messages/en.json',
  'remotes/static-ip/src/messages/en.json',
  'remotes/user-center/src/messages/en.json',
];
const SOURCE_DIRS = ['shared/src', 'shell/src', 'remotes', 'server/src', 'e2e', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'messages']);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sources(path);
    return /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How code names a message: a quoted id, or a template literal whose fixed head is a catalog prefix
 * (`shared.pay.channel.${c}`, `${prefix}.title` inside LegalDocument is reached through its callers'
 * quoted prefix). A template's `${…}` stands for one or more characters.
 */
function referencesOf(code: string) {
  const templates = [...code.matchAll(/`([^`]*\$\{[^`]*)`/g)]
    .map((m) => m[1] as string)
    .filter((t) => /^[a-zA-Z][\w-]*\./.test(t))
    .map(
      (t) =>
        new RegExp(
          `^${t
            .split(/\$\{[^}]*\}/)
            .map(escapeRegExp)
            .join('.+')}$`,
        ),
    );
  const quotedPrefixes = [...code.matchAll(/["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']/g)].map((m) => m[1] as string);
  return (id: string) =>
    code.includes(`'${id}'`) ||
    code.includes(`"${id}"`) ||
    code.includes(`\`${id}\``) ||
    templates.some((pattern) => pattern.test(id)) ||
    quotedPrefixes.some((prefix) => id.startsWith(`${prefix}.`));
}

describe('message catalogs', () => {
  const code = SOURCE_DIRS.flatMap(sources)
    .map((file) => readFileSync(join(ROOT, file), 'utf8'))
    .join('\n');
  const isReferenced = referencesOf(code);

  it.each(CATALOGS)('%s holds no message the code never shows', (catalog) => {
    const ids = Object.keys(JSON.parse(readFileSync(join(ROOT, catalog), 'utf8')));
    expect(ids.length).toBeGreaterThan(10);
    expect(
      ids.filter((id) => !isReferenced(id)),
      relative(ROOT, catalog),
    ).toEqual([]);
  });

  it('would notice an id nobody names', () => {
    const template = ['`c.d.', '$', '{x}`'].join('');
    const check = referencesOf(`<FormattedMessage id="a.b" /> intl({ id: ${template} }) prefix='e.f'`);
    expect([check('a.b'), check('c.d.e'), check('e.f.g')]).toEqual([true, true, true]);
    expect([check('a.c'), check('c.d'), check('x.y')]).toEqual([false, false, false]);
  });
});
