import { describe, expect, it } from 'vitest';
import { initialValues, maintenanceFieldOfCode, toCreateBody } from './maintenance-form.ts';

const lift = { mt_company_id: null, company_id: 7, j_mt_workers: [{ name: 'Wang' }] };

describe('maintenance form', () => {
  it('defaults a new record to the lift maintainer, else the latest unit, else the lift company', () => {
    expect(initialValues(null, lift, '2026-11-22')).toMatchObject({
      unit_company_id: 7,
      person: 'Wang',
      date: '2026-11-22',
      type: 'maintenance',
    });
    expect(initialValues(null, lift, '2026-11-22', 9).unit_company_id).toBe(9);
    expect(initialValues(null, { ...lift, mt_company_id: 3 }, '2026-11-22', 9).unit_company_id).toBe(3);
  });

  it('puts unit and date codes on their fields', () => {
    expect(maintenanceFieldOfCode(4170)).toBe('unit_company_id');
    expect(maintenanceFieldOfCode(4171)).toBe('date');
    expect(maintenanceFieldOfCode(4144)).toBe('date');
    expect(maintenanceFieldOfCode(4148)).toBeNull();
  });

  it('builds a trimmed create body, empty remark as null', () => {
    expect(
      toCreateBody(5, { unit_company_id: 3, person: ' Li ', date: '2026-11-01', type: 'repair', content: ' fix ', remark: ' ' }),
    ).toEqual({ lift_id: 5, unit_company_id: 3, person: 'Li', date: '2026-11-01', type: 'repair', content: 'fix', remark: null });
  });
});
