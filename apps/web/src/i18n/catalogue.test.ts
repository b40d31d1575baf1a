import { ROUTES } from '@liftguard/contract/routes';
import { describe, expect, it } from 'vitest';
import { AREAS, flattenKeys, LOCALES, loadCatalogue } from './catalogue.ts';

describe('i18n catalogues', async () => {
  const catalogues = Object.fromEntries(await Promise.all(LOCALES.map(async (l) => [l, await loadCatalogue(l)] as const)));
  const catalogueOf = (l: (typeof LOCALES)[number]) => catalogues[l]!;
  const keysOf = (l: (typeof LOCALES)[number]) => flattenKeys(catalogueOf(l)).sort();

  it('has the same area files in every locale, the shell areas among them', () => {
    const areas = Object.keys(catalogueOf('zh-CN')).sort();
    for (const a of AREAS) expect(areas).toContain(a);
    for (const l of LOCALES) expect(Object.keys(catalogueOf(l)).sort()).toEqual(areas);
  });

  it('has the same keys in zh-CN, en-US and pt-PT', () => {
    const reference = keysOf('zh-CN');
    expect(reference.length).toBeGreaterThan(100);
    for (const l of LOCALES) {
      const keys = keysOf(l);
      expect({ locale: l, missing: reference.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !reference.includes(k)) }).toEqual(
        {
          locale: l,
          missing: [],
          extra: [],
        },
      );
    }
  });

  it('has no empty texts', () => {
    for (const l of LOCALES) {
      const flat = (tree: object, p = ''): [string, string][] =>
        Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${p}${k}`, v] as [string, string]] : flat(v, `${p}${k}.`)));
      expect(
        flat(catalogueOf(l))
          .filter(([, v]) => v.trim() === '')
          .map(([k]) => `${l}:${k}`),
      ).toEqual([]);
    }
  });

  it('labels every route of the contract and describes every page', () => {
    const keys = keysOf('zh-CN');
    for (const r of ROUTES) {
      expect(keys).toContain(r.label);
      expect(keys).toContain(`page.${r.name}`);
    }
  });
});
