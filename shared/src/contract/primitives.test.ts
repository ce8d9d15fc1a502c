import { describe, expect, it } from 'vitest';
import { localizeContractMessage } from './messages.ts';
import { EPOCH_MS_MAX, epochMs, exactText, id, INT4_MAX, inQuery, multilineText, text } from './primitives.ts';

describe('contract primitives', () => {
  it('bound ids to PostgreSQL integer, in bodies and in query strings', () => {
    expect(id.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 99_999_999_999, '1']) expect(id.safeParse(bad).success, String(bad)).toBe(false);
    expect(inQuery.id.parse('42')).toBe(42);
    for (const bad of ['2147483648', '99999999999', '', 'abc', '1.5']) expect(inQuery.id.safeParse(bad).success, bad).toBe(false);
  });

  it('bound times to the end of year 9999', () => {
    expect(new Date(EPOCH_MS_MAX).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(epochMs.safeParse(EPOCH_MS_MAX).success).toBe(true);
    for (const bad of [-1, EPOCH_MS_MAX + 1, 8_640_000_000_000_001, Number.MAX_SAFE_INTEGER]) {
      expect(epochMs.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(inQuery.epochMs.safeParse('9007199254740991').success).toBe(false);
  });

  it('refuse control characters; multi-line text keeps tabs and line breaks', () => {
    expect(text(10).parse('  a b  ')).toBe('a b');
    for (const bad of ['a\u0000', 'a\nb', '\u001b[31m', 'a\u007f', 'a\u0085']) {
      expect(text(10).safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('validation.controlCharacters');
    }
    expect(multilineText(20).parse('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    expect(multilineText(20).safeParse('a\u0000b').success).toBe(false);
    expect(exactText(10).parse(' a ')).toBe(' a ');
    expect(exactText(10).safeParse('a\u0000').success).toBe(false);
    expect(localizeContractMessage('validation.controlCharacters', 'zh-CN')).toMatch(/控制字符/);
  });
});
