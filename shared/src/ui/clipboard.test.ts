import { describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';

describe('copyText', () => {
  it('writes the text and says so', async () => {
    const writeText = vi.fn(async () => {});
    expect(await copyText('1.2.3.4:8000:u:p', { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('1.2.3.4:8000:u:p');
  });

  it('fails without the API', async () => {
    expect(await copyText('x', null)).toBe(false);
    expect(await copyText('x', {} as never)).toBe(false);
  });

  it('fails when the browser refuses', async () => {
    expect(await copyText('x', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })).toBe(false);
  });
});
