import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type ApiEntry, api, type PublicApiEntry, publicApi } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../i18n/index.ts';
import { AUDIT_RULES, isAuditedEntry, isAuditedPublicEntry, NOT_TEAM_CHANGES, PUBLIC_AUDIT_RULES } from './rules.ts';

describe('audit rules', () => {
  const entries = Object.entries(api) as [keyof typeof api, ApiEntry][];

  it('cover every mutating call that needs a login (add a rule in rules.ts for a new one)', () => {
    const missing = entries
      .filter(([key, e]) => isAuditedEntry(e) && !AUDIT_RULES[key] && !NOT_TEAM_CHANGES.has(key))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('leave out only mutating calls that change nothing in a team', () => {
    for (const key of NOT_TEAM_CHANGES) {
      expect(isAuditedEntry(api[key] as ApiEntry), key).toBe(true);
      expect(AUDIT_RULES[key], key).toBeUndefined();
    }
  });

  it('record no read and no call without a login', () => {
    const extra = Object.keys(AUDIT_RULES).filter((key) => {
      const entry = api[key as keyof typeof api] as ApiEntry | undefined;
      return !entry || !isAuditedEntry(entry);
    });
    expect(extra).toEqual([]);
  });

  it('cover every mutating call of the public API /api/v1/, and no read of it', () => {
    const entries = Object.entries(publicApi) as [keyof typeof publicApi, PublicApiEntry][];
    expect(entries.filter(([key, e]) => isAuditedPublicEntry(e) && !PUBLIC_AUDIT_RULES[key]).map(([key]) => key)).toEqual([]);
    expect(entries.filter(([key, e]) => !isAuditedPublicEntry(e) && PUBLIC_AUDIT_RULES[key]).map(([key]) => key)).toEqual([]);
  });

  it('name every action and object type in both languages of the CSV', () => {
    for (const catalog of Object.values(catalogs)) {
      const names = catalog as Record<string, string>;
      for (const a of AUDIT_ACTIONS) expect(names[`audit.action.${a}`], a).toBeTruthy();
      for (const o of AUDIT_OBJECT_TYPES) expect(names[`audit.object.${o}`], o).toBeTruthy();
    }
  });
});
