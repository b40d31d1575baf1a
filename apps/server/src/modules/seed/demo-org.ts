import { APP_AUTH_KEYS, EXPERT_AUTH_KEYS, EXTRA_AUTH_KEYS, isStrongPassword, ROUTES } from '@liftguard/contract';
import type { Kysely, Transaction } from 'kysely';
import { generatePassword } from '../../platform/bootstrap.ts';
import type { DB } from '../../platform/db-schema.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as communities from '../community/repo.ts';
import * as companies from '../company/repo.ts';
import { childPath } from '../company/tree.ts';
import * as roles from '../role/repo.ts';
import * as users from '../user/repo.ts';

export const DEMO_COMPANY = 'Huaxia Lift Manufacturing';

/** Ids of the demo organisation, for seeds of later modules (lifts, terminals, faults) to hang off. */
export type DemoOrg = {
  manufacturerId: number;
  maintenanceId: number;
  propertyId: number;
  departmentIds: { service: number; engineering: number };
  communities: Array<{ id: number; name: string; companyId: number; buildings: Array<{ id: number; name: string; unitIds: number[] }> }>;
  roleIds: { admin: number; operator: number; worker: number; propertyManager: number };
  userIds: { admin: number; operator: number; worker: number; propertyManager: number };
};

export type DemoAccount = { username: string; role: string; password: string };

type Db = Kysely<DB> | Transaction<DB>;

const routeKeys = (prefixes: string[]) =>
  ROUTES.filter((r) => !r.key && prefixes.some((p) => r.name === p || r.name.startsWith(`${p}_`))).map((r) => r.name);
const urisWith = (all: string[], prefixes: string[]) => all.filter((u) => prefixes.some((p) => u.startsWith(p)));

/**
 * Seed the demo organisation once (SPEC.md issue 3 "Demo data"): a lift manufacturer with a
 * maintenance subsidiary, a property-management company with two departments, three communities
 * with buildings and units, four roles and one user per role. Answers null when it exists already.
 * `writeUris` are the API's write URIs (registered routes), so the demo roles can really write.
 */
export async function seedDemoOrganisation(
  db: Kysely<DB>,
  opts: { writeUris: string[]; password?: string },
): Promise<{ org: DemoOrg; accounts: DemoAccount[] } | null> {
  if (opts.password !== undefined && !isStrongPassword(opts.password)) {
    throw new Error(
      'DEMO_PASSWORD does not meet the password rules (6–30 characters, a digit, upper and lower case, one of !@#$%^&*, no spaces).',
    );
  }
  if (await findDemoOrganisation(db)) return null;
  return db.transaction().execute(async (tx) => {
    const platform = await tx.selectFrom('company').select(['id', 'path']).where('pid', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const allKeys = [...ROUTES.filter((r) => !r.key).map((r) => r.name), ...APP_AUTH_KEYS, ...EXPERT_AUTH_KEYS];
    const uris = opts.writeUris;

    const node = async (
      parent: { id: number; path: string },
      name: string,
      type: 'company' | 'department',
      grant?: { keys: string[]; uris: string[]; extra: string[] },
    ) => {
      const id = await companies.insertNode(
        tx,
        {
          pid: parent.id,
          node_type: type,
          name,
          j_region: ['广东省', '深圳市'],
          j_community_ids: [],
          j_auth_list: grant?.keys ?? [],
          j_auth_uris: grant?.uris ?? [],
          j_extra_auth: grant?.extra ?? [],
          sms_limit: type === 'company' ? 1000 : 0,
          sms_enable: 1,
          pay_permission: false,
          logo: null,
        },
        (newId) => childPath(parent.path, newId, type),
      );
      return { id, path: childPath(parent.path, id, type) };
    };

    const manufacturer = await node(platform, DEMO_COMPANY, 'company', { keys: allKeys, uris, extra: [...EXTRA_AUTH_KEYS] });
    const maintenanceGrant = {
      keys: [...routeKeys(['home_index', 'monitor', 'device', 'm_home', 'm_monitor']), 'system', 'system_user', ...EXPERT_AUTH_KEYS],
      uris: urisWith(uris, ['/device', '/fault', '/monitor']),
      extra: [],
    };
    const maintenance = await node(manufacturer, 'Huaxia Lift Maintenance', 'company', maintenanceGrant);
    const propertyGrant = {
      keys: [
        ...routeKeys(['home_index', 'monitor', 'control', 'm_home']),
        'system',
        'system_user',
        'system_role',
        'system_community',
        ...APP_AUTH_KEYS,
      ],
      uris: urisWith(uris, ['/community', '/user/add', '/user/update', '/user/membership', '/fault/process', '/owner', '/keys']),
      extra: ['user_export'],
    };
    const property = await node(platform, 'Greenfield Property Management', 'company', propertyGrant);
    const service = await node(property, 'Customer Service', 'department');
    const engineering = await node(property, 'Engineering', 'department');

    const role = (
      companyId: number,
      name: string,
      role_type: string,
      g: { keys: string[]; uris: string[]; extra: string[] },
      app: string[] = [],
      expert: string[] = [],
    ) =>
      roles.insert(tx, companyId, {
        name,
        role_type,
        j_auth_list: g.keys.filter((k) => !app.includes(k) && !expert.includes(k)),
        j_app_auth: app,
        j_expert_auth: expert,
        j_extra_auth: g.extra,
        j_auth_uris: g.uris,
        is_private: false,
      });
    const roleIds = {
      admin: await role(
        manufacturer.id,
        'Company admin',
        'ADMIN',
        { keys: allKeys, uris, extra: [...EXTRA_AUTH_KEYS] },
        [...APP_AUTH_KEYS],
        [...EXPERT_AUTH_KEYS],
      ),
      operator: await role(manufacturer.id, 'Operator', 'STAFF', {
        keys: routeKeys(['home_index', 'monitor', 'device']),
        uris: urisWith(uris, ['/device', '/fault/process']),
        extra: [],
      }),
      worker: await role(
        maintenance.id,
        'Maintenance worker',
        'STAFF',
        { ...maintenanceGrant, uris: urisWith(uris, ['/fault/process']) },
        [],
        [...EXPERT_AUTH_KEYS],
      ),
      propertyManager: await role(property.id, 'Property manager', 'PROPERTY_MANAGER', propertyGrant, [...APP_AUTH_KEYS]),
    };

    const accounts: DemoAccount[] = [];
    const user = async (
      username: string,
      realname: string,
      mobile: string,
      email: string,
      companyId: number,
      roleId: number,
      label: string,
    ) => {
      const password = opts.password ?? generatePassword();
      const id = await users.insert(tx, {
        username,
        realname,
        mobile,
        email,
        job_num: null,
        job: label,
        password_hash: await hashPassword(password),
        current_company_id: companyId,
      });
      await users.saveMembership(tx, { user_id: id, company_id: companyId, role_id: roleId, j_community_ids: [], j_region: [] });
      accounts.push({ username, role: label, password });
      return id;
    };
    const userIds = {
      admin: await user('hxadmin', 'Li Wei', '13800138001', 'hxadmin@huaxia-lift.example', manufacturer.id, roleIds.admin, 'Company admin'),
      operator: await user(
        'hxoperator',
        'Zhang Min',
        '13800138002',
        'hxoperator@huaxia-lift.example',
        manufacturer.id,
        roleIds.operator,
        'Operator',
      ),
      worker: await user(
        'hxworker',
        'Wang Qiang',
        '13800138003',
        'hxworker@huaxia-lift.example',
        maintenance.id,
        roleIds.worker,
        'Maintenance worker',
      ),
      propertyManager: await user(
        'gfmanager',
        'Chen Jing',
        '13800138004',
        'gfmanager@greenfield.example',
        service.id,
        roleIds.propertyManager,
        'Property manager',
      ),
    };

    const seeded: DemoOrg['communities'] = [];
    const plan: Array<[string, string[], string, number, number]> = [
      ['Riverside Garden', ['广东省', '深圳市', '南山区'], '88 Binhai Avenue', 3, 2],
      ['Maple Court', ['广东省', '深圳市', '福田区'], '12 Lianhua Road', 2, 2],
      ['Sunrise Plaza', ['广东省', '广州市', '天河区'], '5 Tiyu West Road', 1, 3],
    ];
    for (const [name, region, address, buildingCount, unitCount] of plan) {
      const id = await communities.insert(tx, { company_id: property.id, name, j_region: region, address });
      await communities.insertBuildings(
        tx,
        id,
        Array.from({ length: buildingCount }, (_, i) => `Building ${i + 1}`),
      );
      const buildings = [];
      for (const b of await communities.buildings(tx, id)) {
        await communities.insertUnits(
          tx,
          b.id,
          Array.from({ length: unitCount }, (_, i) => `Unit ${i + 1}`),
        );
        const units = await tx.selectFrom('unit').select('id').where('building_id', '=', b.id).orderBy('id').execute();
        buildings.push({ id: b.id, name: b.name, unitIds: units.map((u) => u.id) });
      }
      seeded.push({ id, name, companyId: property.id, buildings });
    }
    await companies.updateNode(tx, property.id, { j_community_ids: seeded.map((c) => c.id) });

    const org: DemoOrg = {
      manufacturerId: manufacturer.id,
      maintenanceId: maintenance.id,
      propertyId: property.id,
      departmentIds: { service: service.id, engineering: engineering.id },
      communities: seeded,
      roleIds,
      userIds,
    };
    return { org, accounts };
  });
}

/** The demo organisation when it exists (so later seeds can find it again on every start). */
export async function findDemoOrganisation(db: Db): Promise<DemoOrg | null> {
  const m = await db
    .selectFrom('company')
    .select(['id', 'path'])
    .where('name', '=', DEMO_COMPANY)
    .where('node_type', '=', 'company')
    .executeTakeFirst();
  if (!m) return null;
  const byName = async (name: string) => (await db.selectFrom('company').select('id').where('name', '=', name).executeTakeFirst())?.id ?? 0;
  const propertyId = await byName('Greenfield Property Management');
  const roleId = async (name: string) => (await db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirst())?.id ?? 0;
  const userId = async (username: string) =>
    (await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirst())?.id ?? 0;
  const cs = await db
    .selectFrom('community')
    .select(['id', 'name', 'company_id'])
    .where('company_id', '=', propertyId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const out: DemoOrg['communities'] = [];
  for (const c of cs) {
    const bs = await communities.buildings(db, c.id);
    out.push({
      id: c.id,
      name: c.name,
      companyId: c.company_id,
      buildings: bs.map((b) => ({ id: b.id, name: b.name, unitIds: b.units.map((u) => u.id) })),
    });
  }
  return {
    manufacturerId: m.id,
    maintenanceId: await byName('Huaxia Lift Maintenance'),
    propertyId,
    departmentIds: { service: await byName('Customer Service'), engineering: await byName('Engineering') },
    communities: out,
    roleIds: {
      admin: await roleId('Company admin'),
      operator: await roleId('Operator'),
      worker: await roleId('Maintenance worker'),
      propertyManager: await roleId('Property manager'),
    },
    userIds: {
      admin: await userId('hxadmin'),
      operator: await userId('hxoperator'),
      worker: await userId('hxworker'),
      propertyManager: await userId('gfmanager'),
    },
  };
}
