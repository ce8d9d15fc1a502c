import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe(`${BOM}a,b\r\n1,x\r\n2,\r\n`);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['订单号', '状态'], [])).toBe(`${BOM}订单号,状态\r\n`);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsv(['h'], [['a,b'], ['say "hi"'], ['two\nlines'], ['cr\r\nlf']])).toBe(
      `${BOM}h\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\r\nlf"\r\n`,
    );
  });

  it('keeps Chinese text as it is', () => {
    expect(toCsv(['支付方式'], [['微信支付']])).toBe(`${BOM}支付方式\r\n微信支付\r\n`);
  });
});

describe('csvCell', () => {
  it('neutralises formulas with a leading apostrophe', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('quotes a neutralised formula that also needs quotes', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('leaves plain numbers alone, signed or not, as numbers or text', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+3')).toBe('+3');
    expect(csvCell('-1e5')).toBe('-1e5');
    expect(csvCell(0)).toBe('0');
  });

  it('writes null, undefined and non-finite numbers as empty fields', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('does not touch a formula character that is not first', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('2024-05-01')).toBe('2024-05-01');
  });
});
