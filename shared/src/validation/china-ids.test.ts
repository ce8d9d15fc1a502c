import { describe, expect, it } from 'vitest';
import { isValidChineseIdCard, isValidUscc, normalizeChineseIdCard, usccCheckCharacter } from './china-ids.ts';

describe('isValidChineseIdCard (GB 11643-1999)', () => {
  it.each([
    '11010519491231002X', // the standard's own example, check character X
    '11010119900307803X',
    '110101199003074477',
    '440308199901010012',
    '110105200002290013', // 29 February of a leap year
  ])('accepts %s', (id) => {
    expect(isValidChineseIdCard(id)).toBe(true);
  });

  it('accepts a lower-case x and surrounding spaces; normalizes to X', () => {
    expect(isValidChineseIdCard(' 11010519491231002x ')).toBe(true);
    expect(normalizeChineseIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it.each([
    ['wrong check digit', '110105194912310021'],
    ['X where a digit is due', '11010519900307447X'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['a letter inside', '1101051949123100AX'],
    ['15-digit first generation number', '110105491231002'],
    ['month 13 (checksum right)', '110105194913310021'],
    ['30 February (checksum right)', '110105200002300015'],
    ['29 February of a common year (checksum right)', '110105200102290010'],
    ['born before 1900 (checksum right)', '110105189912310015'],
    ['empty', ''],
  ])('refuses %s (%s)', (_why, id) => {
    expect(isValidChineseIdCard(id)).toBe(false);
  });

  it('refuses a birth date in the future (China time)', () => {
    // Check digits computed for these bodies: valid numbers apart from the date.
    const id = (body: string) => {
      const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
      const sum = [...body].reduce((s, d, i) => s + Number(d) * (w[i] as number), 0);
      return body + '10X98765432'[sum % 11];
    };
    const now = new Date('2026-03-01T15:59:59Z'); // 23:59:59 on 1 March in Beijing
    expect(isValidChineseIdCard(id('11010120260301001'), now)).toBe(true);
    expect(isValidChineseIdCard(id('11010120260302001'), now)).toBe(false);
    expect(isValidChineseIdCard(id('11010120260302001'), new Date('2026-03-01T16:00:00Z'))).toBe(true);
  });
});

describe('isValidUscc (GB 32100-2015)', () => {
  it.each([
    '914403001922038216', // Huawei Technologies Co., Ltd.
    '91330100716105852F', // Alibaba (China) Co., Ltd.
    '9144030071526726XG', // Shenzhen Tencent Computer Systems Co., Ltd.
    '91110108551385082Q', // Beijing Baidu Netcom Science and Technology Co., Ltd.
    '91110108MA01KP2240', // check character 0 (31 - sum mod 31 = 31 → 0)
  ])('accepts %s', (code) => {
    expect(isValidUscc(code)).toBe(true);
  });

  it('maps a sum divisible by 31 to the check character 0', () => {
    expect(usccCheckCharacter('91110108MA01KP224')).toBe('0');
  });

  it.each([
    ['wrong check character', '914403001922038217'],
    ['check character 0 replaced by O', '91110108MA01KP224O'],
    ['a letter I (not in the alphabet)', '91110108MA01KP2I40'],
    ['a letter S', '9144030071526726XS'],
    ['lower case (normalize first)', '91330100716105852f'],
    ['17 characters', '91330100716105852'],
    ['19 characters', '91330100716105852F0'],
    ['empty', ''],
  ])('refuses %s (%s)', (_why, code) => {
    expect(isValidUscc(code)).toBe(false);
  });
});
