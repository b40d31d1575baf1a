import { describe, expect, it } from 'vitest';
import { ERRORS, errorText, LOCALES, pickLocale } from './errors.ts';

const SPEC_CODES = [
  401, 402, 403, 413, 414, -1, 4001, 4011, 4012, 4013, 4021, 4022, 4023, 4024, 4025, 4026, 4027, 4031, 4032, 4033, 4035, 4037, 4039, 4041,
  4042, 4043, 4044, 4045, 4046, 4047, 4048, 4049, 4050, 4061, 4062, 4071, 4072, 4073, 4074, 4081, 4082, 4084, 4085, 4086, 4087, 4088, 4090,
  4091, 4092, 4093, 4094, 4095, 4096, 4097, 4098, 4099, 4100, 4101, 4102, 4103, 4104, 4105, 4106,
];

describe('error catalogue (SPEC.md §8)', () => {
  it('holds every code of the specification', () => {
    for (const code of SPEC_CODES) expect(Object.hasOwn(ERRORS, code), `code ${code}`).toBe(true);
  });
  it('has a non-empty, distinct text in every language for every code', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      for (const locale of LOCALES) expect(entry[locale].trim().length, `${code} ${locale}`).toBeGreaterThan(0);
      expect(entry['zh-CN']).not.toBe(entry['en-US']);
      expect(entry.status).toBeGreaterThanOrEqual(400);
    }
  });
  it('falls back to the unknown error for an uncatalogued code', () => {
    expect(errorText(999_999, 'en-US')).toBe('Unknown error');
  });
  it('picks the caller language from Accept-Language', () => {
    expect(pickLocale('pt-BR,pt;q=0.9')).toBe('pt-PT');
    expect(pickLocale('en-GB')).toBe('en-US');
    expect(pickLocale('fr-FR')).toBe('zh-CN');
    expect(pickLocale(undefined)).toBe('zh-CN');
  });
});
