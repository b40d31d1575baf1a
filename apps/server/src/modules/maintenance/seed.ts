import type { TMaintenanceType } from '@liftguard/contract';
import type { Database } from '../../platform/db.ts';

const DEMO_MAINTAINER = 'Huaxia Lift Maintenance';

const WORK: Array<{ type: TMaintenanceType; person: string; content: string; remark: string | null }> = [
  { type: 'maintenance', person: '王师傅', content: '半月保养：门机、曳引机、制动器检查，导轨润滑', remark: null },
  { type: 'maintenance', person: '王师傅', content: '半月保养：轿厢照明、应急电源、对讲测试', remark: '正常' },
  { type: 'repair', person: '赵工', content: '更换厅门门锁触点', remark: '旧件已回收' },
  { type: 'maintenance', person: '刘师傅', content: '季度保养：钢丝绳张力、限速器动作试验', remark: null },
  { type: 'rescue', person: '刘师傅', content: '3楼困人救援，12分钟内放出乘客', remark: '无人员受伤' },
  { type: 'repair', person: '赵工', content: '更换轿门光幕', remark: null },
  { type: 'inspection', person: '陈检验员', content: '年度定期检验', remark: '合格' },
  { type: 'alarm', person: '王师傅', content: '处理一楼厅外召唤按钮误报警', remark: null },
  { type: 'maintenance', person: '刘师傅', content: '半月保养：底坑清洁、缓冲器检查', remark: null },
  { type: 'other', person: '李经理', content: '配合物业进行消防联动测试', remark: null },
];

/**
 * Demo maintenance records (SEED_DEMO) on the first three demo lifts (codes DEMO-…), dated in the
 * current month so the dashboard's maintenanceCount and repairsCount are not 0 on `npm start`.
 * The unit is the demo maintenance company (else the lift's maintainer, else its owner).
 * Idempotent per month: does nothing when a demo lift already has a record dated this month.
 * Answers the number of records created.
 */
export async function seedMaintenanceDemo(db: Database, now = new Date()): Promise<number> {
  const lifts = await db
    .selectFrom('lift')
    .select(['id', 'company_id', 'mt_company_id'])
    .where('code', 'like', 'DEMO-%')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  if (lifts.length === 0) return 0;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const seeded = await db
    .selectFrom('maintenance_record')
    .select('id')
    .where(
      'lift_id',
      'in',
      lifts.map((l) => l.id),
    )
    .where('done_on', '>=', monthStart)
    .limit(1)
    .executeTakeFirst();
  if (seeded) return 0;
  const maintainer = await db.selectFrom('company').select('id').where('name', '=', DEMO_MAINTAINER).orderBy('id').executeTakeFirst();
  const day = now.getUTCDate();
  const rows = WORK.map((w, i) => {
    // a few records each on the first three demo lifts, so their maintenance tab has something to show
    const lift = lifts[i % Math.min(3, lifts.length)] as (typeof lifts)[number];
    // spread over the days of this month up to today
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1 + ((i * 3) % day)));
    return {
      lift_id: lift.id,
      unit_company_id: maintainer?.id ?? lift.mt_company_id ?? lift.company_id,
      person: w.person,
      done_on: d.toISOString().slice(0, 10),
      type: w.type,
      content: w.content,
      remark: w.remark,
    };
  });
  await db.insertInto('maintenance_record').values(rows).execute();
  return rows.length;
}
