import { describe, expect, it } from 'vitest';
import { catalogs } from '../../i18n/index.ts';
import { UNVERIFIED_PARAMS, UNVERIFIED_TEMPLATES } from './unverified.ts';

describe('texts for addresses the portal has not verified', () => {
  it('hold only the site name, a code, minutes and a number: nothing a request could write', () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      for (const key of UNVERIFIED_TEMPLATES) {
        const names = [...catalog[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        for (const name of names) expect(UNVERIFIED_PARAMS, `${locale} ${key}: {${name}}`).toContain(name);
      }
    }
  });
});
