import type { TMaintenanceForm, TMaintenanceRecord, TMaintenanceType } from '@liftguard/contract/maintenance/index';

/** Tag colour of every maintenance type (SPEC.md §4). */
export const MAINTENANCE_TYPE_COLOUR: Readonly<Record<TMaintenanceType, string>> = {
  rescue: 'red',
  alarm: 'orange',
  maintenance: 'green',
  repair: 'blue',
  inspection: 'purple',
  other: 'default',
};

export type MaintenanceFormValues = {
  unit_company_id?: number;
  person?: string;
  date?: string | null;
  type?: TMaintenanceType;
  content?: string;
  remark?: string;
};

/** The field a server code belongs on (4170 unit, 4144/4171 date), or null for a message. */
export function maintenanceFieldOfCode(code: number): keyof MaintenanceFormValues | null {
  if (code === 4170) return 'unit_company_id';
  if (code === 4144 || code === 4171) return 'date';
  return null;
}

/**
 * Form values of a record (edit) or the defaults for a lift (create): the unit is the lift's
 * maintainer, else `lastUnit` (the unit of its latest record, when the caller may name it), else the
 * lift's company; the person is its first maintenance worker; today; type maintenance.
 */
export function initialValues(
  record: TMaintenanceRecord | null,
  lift: { mt_company_id: number | null; company_id: number; j_mt_workers: Array<{ name: string }> },
  today: string,
  lastUnit: number | null = null,
): MaintenanceFormValues {
  if (record)
    return {
      unit_company_id: record.unit_company_id,
      person: record.person,
      date: record.date,
      type: record.type,
      content: record.content,
      remark: record.remark ?? '',
    };
  return {
    unit_company_id: lift.mt_company_id ?? lastUnit ?? lift.company_id,
    person: lift.j_mt_workers[0]?.name ?? '',
    date: today,
    type: 'maintenance',
    content: '',
    remark: '',
  };
}

/** The create body. */
export function toCreateBody(liftId: number, v: MaintenanceFormValues): TMaintenanceForm {
  return {
    lift_id: liftId,
    unit_company_id: v.unit_company_id as number,
    person: (v.person ?? '').trim(),
    date: v.date ?? '',
    type: v.type ?? 'maintenance',
    content: (v.content ?? '').trim(),
    remark: v.remark?.trim() || null,
  };
}
