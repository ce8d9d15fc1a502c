import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { publicApi } from './api-tokens.ts';
import { proxyNetworkApi } from './commerce.ts';
import { proxyNetworkStatusApi } from './status.ts';
import { api } from './index.ts';
import { proxyNetworkVerifyApi } from './proxy.ts';
import { updateRemarkQuery } from './static-ip.ts';

/**
 * Every text field a request carries is typed on one line and refuses control characters (`text`,
 * `exactText`), unless it is a textarea's (`multilineText`), which keeps tabs and line breaks. The
 * multi-line ones, by operation and field:
 */
const MULTILINE = new Set(['leadCreate body.message']);

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The leaves of a request schema, by path: objects, arrays and optional/nullable/default wrappers are opened. */
function leaves(schema: z.ZodType, path: string): Array<[string, z.ZodType]> {
  const def = defOf(schema);
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, value]) => leaves(value, `${path}.${key}`));
  if (def.type === 'array' && def.element) return leaves(def.element, `${path}[]`);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional'].includes(def.type) && def.innerType)
    return leaves(def.innerType, path);
  return [[path, schema]];
}

/** Text with a tab or a line break in the middle, short and long (a minimum length must not hide the question). */
const SAMPLES = ['a\tb', 'a\nb', 'a\r\nb', `${'a'.repeat(12)}\t${'b'.repeat(12)}`, `${'a'.repeat(12)}\n${'b'.repeat(12)}`];

/** The request fields that take text with a tab or line break in it and keep it. */
function takesLineBreaks(name: string, schema: z.ZodType, part: string): string[] {
  return leaves(schema, part).flatMap(([path, leaf]) =>
    SAMPLES.some((sample) => {
      const result = leaf.safeParse(sample);
      return result.success && typeof result.data === 'string' && /[\t\n\r]/.test(result.data);
    })
      ? [`${name} ${path}`]
      : [],
  );
}

/** Every request the contract describes: the browser's, the public API's and the proxy network's. */
const entries = [api, publicApi, proxyNetworkApi, proxyNetworkVerifyApi, proxyNetworkStatusApi].flatMap((group) =>
  Object.entries(group),
) as Array<[string, { query?: z.ZodType; params?: z.ZodType; body?: z.ZodType }]>;

describe('single-line request text (issue 27, finding 10)', () => {
  it('refuses tabs and line breaks in every text field but the multi-line ones', () => {
    const found = entries.flatMap(([name, entry]) =>
      (['query', 'params', 'body'] as const).flatMap((part) => {
        const schema = entry[part];
        return schema ? takesLineBreaks(name, schema, part) : [];
      }),
    );
    expect(found.filter((field) => !MULTILINE.has(field))).toEqual([]);
    // The list above stays true: each multi-line field still takes line breaks.
    expect(found.filter((field) => MULTILINE.has(field))).toEqual([...MULTILINE]);
  });

  it('names the reason for a static order remark in both languages', () => {
    const result = updateRemarkQuery.safeParse({ id: '1', remark: 'team\tA' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['remark'], message: 'validation.controlCharacters' });
    expect(updateRemarkQuery.parse({ id: '1', remark: ' 香港 团队 B ' }).remark).toBe('香港 团队 B');
  });
});
