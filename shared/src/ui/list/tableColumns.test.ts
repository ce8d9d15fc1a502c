import { describe, expect, it } from 'vitest';
import { paymentCells } from '../commerce/PayStatusBadge.tsx';
import { tableColumns } from './tableColumns.ts';

describe('tableColumns', () => {
  const column = tableColumns(['name', 'age'] as const, ['Name', 'Age'], (r: { n: string; a: number }) => ({
    name: r.n,
    age: `${r.a} years`,
  }));

  it("labels a column with its header and draws its cell from the row and the row's texts", () => {
    const age = column('age', (row, cells) => `${cells.age} (${row.a})`, { textAlign: 'end' });
    expect(age.key).toBe('age');
    expect(age.label).toBe('Age');
    expect(age.textAlign).toBe('end');
    expect(age.cell({ n: 'Ann', a: 3 })).toBe('3 years (3)');
    expect(column('name', (_, cells) => cells.name).label).toBe('Name');
  });
});

describe('paymentCells', () => {
  it('shows a dash for the channel and time of an order not paid yet', () => {
    expect(paymentCells.payType({}, { payType: null })).toBe('—');
    expect(paymentCells.payTime({}, { payTime: null })).toBe('—');
    expect(paymentCells.payType({}, { payType: 'Alipay' })).toBe('Alipay');
    expect(paymentCells.payTime({}, { payTime: '2026-01-02 03:04:05' })).toBe('2026-01-02 03:04:05');
  });
});
