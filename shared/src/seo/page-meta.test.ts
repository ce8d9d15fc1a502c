import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../i18n/messages.ts';
import { ROUTE_TABLE } from '../routes/route-table.ts';
import { NOT_FOUND_META, PAGE_META_KEYS, pageMetaFor, pageMetaIds } from './page-meta.ts';

const { en, 'zh-CN': zh } = sharedMessages;

describe('shared messages', () => {
  it('have the same keys in en and zh-CN, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const catalog of [en, zh]) for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
  });
});

describe('PAGE_META_KEYS', () => {
  it('names only pages of the route table, and every public page that is neither behind login nor /h5', () => {
    const patterns = ROUTE_TABLE.map((r) => r.pattern);
    for (const pattern of Object.keys(PAGE_META_KEYS)) expect(patterns).toContain(pattern);
    const listed = ROUTE_TABLE.filter((r) => !r.requiresAuth && r.pattern !== '/h5').map((r) => r.pattern);
    expect(Object.keys(PAGE_META_KEYS).sort()).toEqual(listed.sort());
  });

  it('has a title and a description in both languages for every page and the 404', () => {
    const ids = [...Object.keys(PAGE_META_KEYS).map((p) => pageMetaFor(p)), NOT_FOUND_META];
    for (const meta of ids) {
      expect(meta).not.toBeNull();
      for (const id of [meta!.titleId, meta!.descriptionId]) {
        expect(en[id], id).toBeTruthy();
        expect(zh[id], id).toBeTruthy();
      }
    }
  });

  it('keeps English titles within 60 characters with the site suffix and descriptions at 120-160', () => {
    for (const page of [...Object.values(PAGE_META_KEYS), 'notFound' as const]) {
      const { titleId, descriptionId } = pageMetaIds(page);
      expect(`${en[titleId]} - NovaProxy`.length, titleId).toBeLessThanOrEqual(60);
      expect(en[descriptionId]!.length, descriptionId).toBeGreaterThanOrEqual(120);
      expect(en[descriptionId]!.length, descriptionId).toBeLessThanOrEqual(160);
    }
  });

  it('uses no ICU syntax, so react-intl and the server print the same text', () => {
    for (const [id, text] of [...Object.entries(en), ...Object.entries(zh)]) {
      if (id.startsWith('shared.seo.')) expect(text, id).not.toMatch(/[{}'#<>]/);
    }
  });

  it('has no meta of its own for pages behind login', () => {
    expect(pageMetaFor('/admin')).toBeNull();
    expect(pageMetaFor('/order')).toBeNull();
    expect(pageMetaFor('/blog/:slug')).toEqual({
      titleId: 'shared.seo.blogPost.title',
      descriptionId: 'shared.seo.blogPost.description',
    });
  });
});
