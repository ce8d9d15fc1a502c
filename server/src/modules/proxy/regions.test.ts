import { ProxyErrorCode } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { UNCOVERED_COUNTRIES } from './regions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('regions', () => {
  it('lists every country in both languages, sorted by English name, cacheable', async () => {
    const res = await get('/app-api/ip/country-code/countryList');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.json();
    expect(body.code).toBe(0);
    const list: { code: string; name: { en: string; 'zh-CN': string }; covered: boolean }[] = body.data;
    expect(list.length).toBeGreaterThanOrEqual(240);
    for (const c of list) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name.en.trim()).not.toBe('');
      expect(c.name['zh-CN'].trim()).not.toBe('');
    }
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    const names = list.map((c) => c.name.en);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const byCode = new Map(list.map((c) => [c.code, c]));
    expect(byCode.get('US')).toMatchObject({ name: { en: 'United States', 'zh-CN': '美国' }, covered: true });
    // CLDR's everyday names, not ISO 3166's long forms; no uninhabited territory is offered.
    expect(byCode.get('IR')?.name.en).toBe('Iran');
    expect(byCode.get('TW')?.name).toEqual({ en: 'Taiwan', 'zh-CN': '台湾' });
    for (const code of ['AQ', 'BV', 'HM']) expect(byCode.has(code)).toBe(false);
    expect(byCode.get('CN')?.covered).toBe(false);
    for (const code of UNCOVERED_COUNTRIES) expect(byCode.get(code)?.covered).toBe(false);
    expect(list.filter((c) => !c.covered)).toHaveLength(UNCOVERED_COUNTRIES.size);
  });

  it("lists a country's states with their tokens, upper or lower case code", async () => {
    for (const code of ['US', 'us']) {
      const res = await get(`/app-api/ip/country-code/areaList?countryCode=${code}`);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const { code: status, data } = res.json();
      expect(status).toBe(0);
      expect(data).toContainEqual({
        code: 'CA',
        name: { en: 'California', 'zh-CN': '加利福尼亚州' },
        token: 'california',
        covered: true,
      });
      // The Chinese page names every US state, district and territory in Chinese.
      for (const area of data as { name: { 'zh-CN': string } }[]) expect(area.name['zh-CN']).not.toMatch(/[A-Za-z]/);
    }
    const cn = (await get('/app-api/ip/country-code/areaList?countryCode=CN')).json().data;
    expect(cn.length).toBeGreaterThan(20);
    expect(cn.every((a: { covered: boolean }) => !a.covered)).toBe(true);
  });

  it("lists a state's cities with unique tokens", async () => {
    const res = await get('/app-api/ip/country-code/cityList?countryCode=us&areaCode=CA');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const cities: { name: { en: string }; token: string; covered: boolean }[] = res.json().data;
    expect(cities).toContainEqual({ name: { en: 'Los Angeles', 'zh-CN': 'Los Angeles' }, token: 'losangeles', covered: true });
    expect(new Set(cities.map((c) => c.token)).size).toBe(cities.length);
    for (const c of cities) expect(c.token).toMatch(/^[a-z0-9]+$/);
    const unknownArea = await get('/app-api/ip/country-code/cityList?countryCode=US&areaCode=ZZZ');
    expect(unknownArea.json()).toMatchObject({ code: 0, data: [] });
  });

  it('refuses an unknown country', async () => {
    for (const url of [
      '/app-api/ip/country-code/areaList?countryCode=ZZ',
      '/app-api/ip/country-code/cityList?countryCode=ZZ&areaCode=CA',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.json()).toMatchObject({ code: ProxyErrorCode.CountryNotFound, msg: 'Unknown country or region' });
    }
    const bad = await get('/app-api/ip/country-code/areaList?countryCode=USA');
    expect(bad.statusCode).toBe(400);
  });
});
