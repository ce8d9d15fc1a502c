import { type ApiEntry, api } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { AUDIT_RULES, isAuditedEntry } from './rules.ts';

describe('audit rules', () => {
  const entries = Object.entries(api) as [keyof typeof api, ApiEntry][];

  it('cover every mutating call that needs a login (add a rule in rules.ts for a new one)', () => {
    const missing = entries.filter(([key, e]) => isAuditedEntry(e) && !AUDIT_RULES[key]).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('record no read and no call without a login', () => {
    const extra = Object.keys(AUDIT_RULES).filter((key) => {
      const entry = api[key as keyof typeof api] as ApiEntry | undefined;
      return !entry || !isAuditedEntry(entry);
    });
    expect(extra).toEqual([]);
  });
});
