import type { Database } from '../../platform/db.ts';
import { addMonths } from './rules.ts';

export type RegistryDemoIds = {
  /** the demo organisation's company: owns the lifts, terminals and SIMs */
  companyId: number;
  /** communities to spread the lifts over; three are created when none are given */
  communityIds?: number[];
  /** maintenance company written on the lifts */
  mtCompanyId?: number | null;
};

const CODE_PREFIX = 'DEMO-';
const BRANDS = ['OTIS', 'KONE', 'Schindler', 'Mitsubishi', 'Hitachi', 'ThyssenKrupp'];
const AREAS = [
  { name: '福田中心花园', address: '深圳市福田区福华三路', lat: 22.541, lng: 114.055 },
  { name: '南山科技园小区', address: '深圳市南山区科苑路', lat: 22.54, lng: 113.95 },
  { name: '罗湖东门大厦', address: '深圳市罗湖区东门中路', lat: 22.548, lng: 114.118 },
];

/** A small deterministic pseudo-random sequence so every seed run places lifts the same way. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/**
 * Demo registry data for the demo organisation: about 50 lifts over three Shenzhen communities
 * (with buildings and units), each bound to a T… terminal with a SIM card. Idempotent: does
 * nothing when the company already has demo lifts. Answers the number of lifts created.
 */
export async function seedRegistryDemo(db: Database, ids: RegistryDemoIds, count = 50): Promise<number> {
  const existing = await db
    .selectFrom('lift')
    .select('id')
    .where('company_id', '=', ids.companyId)
    .where('code', 'like', `${CODE_PREFIX}${ids.companyId}-%`)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  return db.transaction().execute(async (tx) => {
    let communityIds = ids.communityIds ?? [];
    if (communityIds.length === 0) {
      communityIds = [];
      for (const a of AREAS) {
        const c = await tx
          .insertInto('community')
          .values({ company_id: ids.companyId, name: a.name, j_region: JSON.stringify(['广东省', '深圳市']), address: a.address })
          .returning('id')
          .executeTakeFirstOrThrow();
        communityIds.push(c.id);
      }
    }
    const places: Array<{ communityId: number; buildingId: number; unitId: number | null; area: (typeof AREAS)[number] }> = [];
    for (const [i, communityId] of communityIds.entries()) {
      const area = AREAS[i % AREAS.length] as (typeof AREAS)[number];
      // use the buildings and units the community already has; create three when it has none
      const existingPlaces = await tx
        .selectFrom('building as b')
        .leftJoin('unit as u', 'u.building_id', 'b.id')
        .select(['b.id as buildingId', 'u.id as unitId'])
        .where('b.community_id', '=', communityId)
        .orderBy('b.id')
        .orderBy('u.id')
        .execute();
      if (existingPlaces.length > 0) {
        for (const p of existingPlaces) places.push({ communityId, buildingId: p.buildingId, unitId: p.unitId, area });
        continue;
      }
      for (const b of ['1栋', '2栋', '3栋']) {
        const building = await tx
          .insertInto('building')
          .values({ community_id: communityId, name: b })
          .returning('id')
          .executeTakeFirstOrThrow();
        const unit = await tx
          .insertInto('unit')
          .values({ building_id: building.id, name: 'A单元' })
          .returning('id')
          .executeTakeFirstOrThrow();
        places.push({ communityId, buildingId: building.id, unitId: unit.id, area });
      }
    }
    const rand = rng(ids.companyId * 7919);
    const now = new Date();
    for (let i = 1; i <= count; i++) {
      const place = places[i % places.length] as (typeof places)[number];
      const terminalId = `T${String(ids.companyId).padStart(3, '0')}${String(i).padStart(5, '0')}`;
      const taken = await tx.selectFrom('terminal').select('id').where('terminal_id', '=', terminalId).executeTakeFirst();
      if (!taken) {
        await tx
          .insertInto('terminal')
          .values({ terminal_id: terminalId, type: 't', version: `V_${1200 + (i % 5)}`, company_id: ids.companyId, online: false })
          .execute();
      }
      const pos = 6 + Math.floor(rand() * 26);
      const neg = Math.floor(rand() * 3);
      const floors: string[] = [];
      for (let f = neg; f >= 1; f--) floors.push(String(-f));
      for (let f = 1; f <= pos; f++) floors.push(String(f));
      // the first few demo lifts show the expired and virtual cases
      const expireAt = i === 3 || i === 4 ? new Date(now.getTime() - 7 * 86400e3) : addMonths(now);
      await tx
        .insertInto('lift')
        .values({
          company_id: ids.companyId,
          community_id: place.communityId,
          building_id: place.buildingId,
          unit_id: place.unitId,
          name: `${place.area.name.slice(0, 4)} ${i}号梯`,
          code: `${CODE_PREFIX}${ids.companyId}-${String(i).padStart(4, '0')}`,
          variety: i % 10 === 0 ? 13 : i % 7 === 0 ? 1 : 2,
          model: `LG-${100 + (i % 9)}`,
          brand: BRANDS[i % BRANDS.length] as string,
          factory_number: `F${2020 + (i % 5)}${String(i).padStart(5, '0')}`,
          equipment_code: `31104403${String(ids.companyId).padStart(4, '0')}${String(i).padStart(5, '0')}`,
          register_number: `粤B${String(10000 + i)}`,
          speed: [1, 1.5, 1.75, 2.5][i % 4] as number,
          load: [630, 800, 1000, 1600][i % 4] as number,
          j_floors: JSON.stringify(floors),
          positive_floors: pos,
          negative_floors: neg,
          latitude: Math.round((place.area.lat + (rand() - 0.5) * 0.06) * 1e6) / 1e6,
          longitude: Math.round((place.area.lng + (rand() - 0.5) * 0.06) * 1e6) / 1e6,
          address: place.area.address,
          mt_company_id: ids.mtCompanyId ?? null,
          j_mt_workers: JSON.stringify([{ name: '王师傅', mobile: '13800138000' }]),
          j_responsible: JSON.stringify([{ name: '李经理', mobile: '13900139000' }]),
          j_alarm_charger: JSON.stringify([{ name: '值班室', mobile: '13700137000' }]),
          alarm_charger_set_at: now,
          terminal_id: terminalId,
          is_virtual: i === 5,
          expire_at: expireAt,
        })
        .execute();
      const imsi = `46000${String(ids.companyId).padStart(3, '0')}${String(i).padStart(7, '0')}`;
      const simTaken = await tx.selectFrom('sim_card').select('id').where('imsi', '=', imsi).executeTakeFirst();
      if (!simTaken) {
        await tx
          .insertInto('sim_card')
          .values({
            company_id: ids.companyId,
            imsi,
            iccid: `898600${String(ids.companyId).padStart(4, '0')}${String(i).padStart(10, '0')}`,
            bs_number: `1440${String(ids.companyId).padStart(3, '0')}${String(i).padStart(6, '0')}`,
            carrier: 'cmcc',
            state: i % 17 === 0 ? 'arrears' : 'normal',
            net_type: '4G',
            open_date: '2025-01-01',
            traffic_expire: i % 9 === 0 ? new Date(now.getTime() + 10 * 86400e3).toISOString().slice(0, 10) : '2027-01-01',
            package: '30M/月',
            traffic_total_mb: 30,
            traffic_used_mb: i % 11 === 0 ? 28 : Math.floor(rand() * 20),
            terminal_id: terminalId,
          })
          .execute();
      }
    }
    return count;
  });
}

/**
 * Used by `npm start` (SEED_DEMO) while the organisation seed does not call seedRegistryDemo
 * itself: the demo lifts go to the company below the platform that owns the most communities
 * (the demo property company), over its communities. Does nothing without such a company.
 */
export async function seedRegistryDemoDefault(db: Database): Promise<number> {
  const platform = await db.selectFrom('company').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirst();
  if (!platform) return 0;
  const owner = await db
    .selectFrom('community as c')
    .innerJoin('company as co', 'co.id', 'c.company_id')
    .select(['c.company_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('co.id', '<>', platform.id)
    .where('c.deleted_at', 'is', null)
    .groupBy('c.company_id')
    .orderBy('n', 'desc')
    .orderBy('c.company_id')
    .executeTakeFirst();
  if (!owner) return 0;
  const communities = await db
    .selectFrom('community')
    .select('id')
    .where('company_id', '=', owner.company_id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return seedRegistryDemo(db, { companyId: owner.company_id, communityIds: communities.map((c) => c.id) });
}
