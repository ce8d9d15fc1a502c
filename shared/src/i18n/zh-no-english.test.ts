import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import checkout from '../../../remotes/checkout/src/messages/zh-CN.json';
import marketing from '../../../remotes/marketing/src/messages/zh-CN.json';
import staticIp from '../../../remotes/static-ip/src/messages/zh-CN.json';
import userCenter from '../../../remotes/user-center/src/messages/zh-CN.json';
import { zhCN as server } from '../../../server/src/i18n/zh-CN.ts';
import shell from '../../../shell/src/i18n/messages/zh-CN.json';
import { contractMessages } from '../contract/messages.ts';
import shared from './messages/zh-CN.json';

/**
 * Latin words a Chinese proxy shop writes as they are: units, protocols and file types, names of
 * products and apps, and code the user types. Anything else in a Chinese message is English that
 * slipped through (a spec term, a default label, a countdown's "d h m s").
 */
const ALLOWED = new Set([
  // networking and units
  'IP',
  'IPv4',
  'IPv6',
  'ISP',
  'HTTP',
  'HTTPS',
  'SOCKS5',
  'API',
  'UTC',
  'GB',
  'MB',
  'TB',
  // file types
  'CSV',
  'TXT',
  'PDF',
  'JPG',
  'PNG',
  // words Chinese UIs use as they are
  'ID',
  'App',
  'Cookie',
  'ZIP',
  'AS',
  // products and the language switcher's own name for English
  'iPhone',
  'Safari',
  'Chrome',
  'English',
  // what the user types: session prefixes, an example session id, the API's header, path and form type
  'sid',
  'lsid',
  'shop01',
  'Authorization',
  'Bearer',
  'npt_',
  'api',
  'v1',
  'multipart',
]);

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: Ast }>;
  children?: Ast;
}
type Ast = AstNode[];

const intl = createIntl({ locale: 'zh-CN', onError: () => undefined });

/** The text a message can show, every plural and select branch included, without its arguments. */
function literalText(message: string): string {
  const walk = (ast: Ast): string =>
    ast
      .map((node) => {
        if (node.type === 0) return String(node.value);
        if (node.options)
          return Object.values(node.options)
            .map((o) => walk(o.value))
            .join(' ');
        if (node.children) return walk(node.children);
        return ' ';
      })
      .join('');
  return walk(intl.formatters.getMessageFormat(message, 'zh-CN').getAst() as Ast);
}

/** Latin words of a text outside the allow-list (URLs and paths aside). */
export function englishIn(text: string): string[] {
  const words = text.replace(/(?:https?:\/\/|\/)[\w./-]*/g, ' ').match(/[A-Za-z][A-Za-z0-9_]*/g) ?? [];
  return words.filter((w) => !ALLOWED.has(w));
}

const CATALOGS: Record<string, Record<string, string>> = {
  shared,
  shell,
  checkout,
  marketing,
  'static-ip': staticIp,
  'user-center': userCenter,
  contract: Object.fromEntries(Object.entries(contractMessages).map(([k, v]) => [k, v['zh-CN']])),
  server,
};

describe('the Chinese UI holds no English', () => {
  it.each(Object.keys(CATALOGS))('%s zh-CN messages', (name) => {
    const found = Object.entries(CATALOGS[name] ?? {})
      .map(([key, message]) => ({ key, english: englishIn(literalText(message)) }))
      .filter((m) => m.english.length > 0);
    expect(found).toEqual([]);
  });

  it('sees English in a branch of a plural and in a tag, but not in argument names', () => {
    expect(englishIn(literalText('{n, plural, one {# day left} other {剩余 # 天}}'))).toEqual(['day', 'left']);
    expect(englishIn(literalText('<link>Contact us</link>'))).toEqual(['Contact', 'us']);
    expect(englishIn(literalText('{days}天{hours}小时，共 {total} GB'))).toEqual([]);
  });
});
