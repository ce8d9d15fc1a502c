import { describe, expect, it } from 'vitest';
import { tableCsv } from './tableCsv.ts';

describe('tableCsv', () => {
  it('lists every row in column order, whatever order its cells come in', () => {
    const file = tableCsv('people', ['name', 'age'] as const, ['Name', 'Age'], [{ n: 'Ann', a: 3 }], (r) => ({
      age: r.a,
      name: r.n,
    }));
    expect(file).toEqual({ kind: 'csv', name: 'people', header: ['Name', 'Age'], rows: [['Ann', 3]] });
  });
});
