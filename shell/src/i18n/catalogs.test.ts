import { describe, expect, it, vi } from 'vitest';

// A fresh module per test: the catalogs are module state.
async function fresh() {
  vi.resetModules();
  return import('./catalogs.ts');
}

describe('message catalogs, one language at a time', () => {
  it("loads a language's catalogs only when asked, never the other language's", async () => {
    const { loadLocale, useMessages } = await fresh();
    expect(useMessages('en')).toEqual({});
    await loadLocale('en');
    expect(useMessages('en')['locale.switch']).toBeTruthy();
    expect(useMessages('zh-CN')).toEqual({});
  });

  it("loads a remote's catalog in every language asked for so far, and in a language asked for later", async () => {
    const { addCatalogs, loadLocale, useMessages } = await fresh();
    const en = vi.fn(async () => ({ 'remote.hello': 'Hello' }));
    const zh = vi.fn(async () => ({ 'remote.hello': '你好' }));
    await loadLocale('zh-CN');
    await addCatalogs({ en, 'zh-CN': zh });
    expect(useMessages('zh-CN')['remote.hello']).toBe('你好');
    expect(en).not.toHaveBeenCalled();
    await loadLocale('en');
    expect(useMessages('en')['remote.hello']).toBe('Hello');
    await loadLocale('en');
    expect(en).toHaveBeenCalledTimes(1);
  });

  it('accepts the catalogs themselves from a remote built before loaders per language', async () => {
    const { addCatalogs, loadLocale, useMessages } = await fresh();
    await loadLocale('en');
    await addCatalogs({ en: { 'old.hello': 'Hi' }, 'zh-CN': { 'old.hello': '嗨' } });
    expect(useMessages('en')['old.hello']).toBe('Hi');
  });

  it('tries a failed load again on the next page', async () => {
    const { addCatalogs, loadLocale, useMessages } = await fresh();
    await loadLocale('en');
    const en = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ 'remote.x': 'X' });
    const source = { en, 'zh-CN': async () => ({}) };
    await expect(addCatalogs(source)).rejects.toThrow('offline');
    await addCatalogs(source);
    expect(useMessages('en')['remote.x']).toBe('X');
  });
});
