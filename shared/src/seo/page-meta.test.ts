import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../i18n/shared-messages.ts';
import { SHELL_ROUTES } from '../routes/route-table.ts';
import { DEFAULT_DESCRIPTION_ID, NOT_FOUND_META, pageMetaIds } from './page-meta.ts';

const { en, 'zh-CN': zh } = sharedMessages;

describe('shared messages', () => {
  it('have the same keys in en and zh-CN, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const catalog of [en, zh]) for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
  });
});

describe('page meta of the shell', () => {
  it('has a title and a description in both languages for the shell pages and the 404', () => {
    for (const meta of [...SHELL_ROUTES.map((r) => ({ titleId: r.title, descriptionId: r.description ?? '' })), NOT_FOUND_META]) {
      for (const id of [meta.titleId, meta.descriptionId, DEFAULT_DESCRIPTION_ID]) {
        expect(en[id], id).toBeTruthy();
        expect(zh[id], id).toBeTruthy();
      }
    }
  });

  it('uses no ICU syntax, so react-intl and the server print the same text', () => {
    for (const [id, text] of [...Object.entries(en), ...Object.entries(zh)]) {
      if (id.startsWith('shared.seo.')) expect(text, id).not.toMatch(/[{}'#<>]/);
    }
  });

  it('names ids by page key', () => {
    expect(pageMetaIds('blogPost')).toEqual({
      titleId: 'shared.seo.blogPost.title',
      descriptionId: 'shared.seo.blogPost.description',
    });
  });
});
