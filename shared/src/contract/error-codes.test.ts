import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/** Every `…ErrorCode` table of the contract: clients branch on these numbers, so each means one thing. */
const tables = Object.entries(contract as Record<string, unknown>).filter(
  (e): e is [string, Record<string, number>] => e[0].endsWith('ErrorCode') && typeof e[1] === 'object' && e[1] !== null,
);

describe('business error codes', () => {
  it('finds the tables', () => {
    expect(tables.map(([name]) => name)).toEqual(
      expect.arrayContaining(['AuthErrorCode', 'CertificationErrorCode', 'TeamErrorCode', 'TwoFactorErrorCode']),
    );
  });

  it('gives each number one meaning across all modules', () => {
    const seen = new Map<number, string>();
    const clashes: string[] = [];
    for (const [table, codes] of tables) {
      for (const [name, code] of Object.entries(codes)) {
        const other = seen.get(code);
        if (other) clashes.push(`${code}: ${other} and ${table}.${name}`);
        else seen.set(code, `${table}.${name}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});
