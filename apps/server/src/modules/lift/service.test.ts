import type { TLiftForm } from '@liftguard/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import type { TerminalInfo } from './repo.ts';
import { type Caller, checkLift, type LiftRaw, type Lookup, uniqueViolationCode } from './service.ts';

const caller: Caller = { userId: 1, username: 'u', companyId: 7, scopePath: '/1/7/', communityIds: [], isRoot: false, uris: [], keys: [] };
const now = new Date('2026-01-10T00:00:00Z');
const t = (id: string, over: Partial<TerminalInfo> = {}): [string, TerminalInfo] => [
  id,
  { terminal_id: id, type: 't', company_id: 7, in_scope: true, lift_id: null, face_lift_id: null, ...over },
];
const lookup = (over: Partial<Lookup> = {}): Lookup => ({
  takenCodes: new Set(['TAKEN']),
  terminals: new Map([
    t('T0000001'),
    t('T0000002', { lift_id: 99 }),
    t('T0000003', { in_scope: false }),
    t('F0000001', { type: 'f' }),
    t('F0000002', { type: 'f', face_lift_id: 99 }),
  ]),
  communities: new Set([5]),
  nodes: new Set([8]),
  companies: new Set([3]),
  mains: new Map([
    [50, { id: 50, main_lift_id: null, total: 10 }],
    [51, { id: 51, main_lift_id: 50, total: 5 }],
  ]),
  ...over,
});
const form = (over: Partial<TLiftForm> = {}): TLiftForm => ({ name: 'L', code: 'C', positive_floors: 5, ...over });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
};
const create = (f: Partial<TLiftForm>, c: Caller = caller) => checkLift(form(f), null, lookup(), c, now);

describe('checkLift (rules that need the database, on a preloaded lookup)', () => {
  it('fills company from the scope and expiry 12 months ahead', () => {
    const v = create({});
    expect(v.company_id).toBe(7);
    expect((v.expire_at as Date).toISOString()).toBe('2027-01-10T00:00:00.000Z');
  });
  it('takes a company node only inside the scope (4064)', () => {
    expect(create({ company_id: 8 }).company_id).toBe(8);
    expect(codeOf(() => create({ company_id: 9 }))).toBe(4064);
  });
  it('refuses taken codes (4062) and empty names (4148)', () => {
    expect(codeOf(() => create({ code: 'TAKEN' }))).toBe(4062);
    expect(codeOf(() => create({ name: ' ' }))).toBe(4148);
  });
  it('binds terminals: unknown or out of scope 4061, bound elsewhere 4043, bad format 4145', () => {
    expect(create({ terminal_id: 'T0000001' }).terminal_id).toBe('T0000001');
    expect(codeOf(() => create({ terminal_id: 'T0000009' }))).toBe(4061);
    expect(codeOf(() => create({ terminal_id: 'T0000003' }))).toBe(4061);
    expect(codeOf(() => create({ terminal_id: 'T0000002' }))).toBe(4043);
    expect(codeOf(() => create({ terminal_id: 'nope' }))).toBe(4145);
  });
  it('keeps its own binding on update', () => {
    const existing = {
      id: 99,
      positive_floors: 5,
      negative_floors: 0,
      j_floors: ['1', '2', '3', '4', '5'],
      is_through_door: false,
      main_lift_id: null,
      j_alarm_charger: [],
      expire_at: now,
    } as unknown as LiftRaw;
    expect(checkLift({ terminal_id: 'T0000002', face_terminal_id: 'F0000002' }, existing, lookup(), caller, now).terminal_id).toBe(
      'T0000002',
    );
  });
  it('face terminals must be face terminals (4158) and free (4091)', () => {
    expect(create({ face_terminal_id: 'F0000001' }).face_terminal_id).toBe('F0000001');
    expect(codeOf(() => create({ face_terminal_id: 'T0000001' }))).toBe(4158);
    expect(codeOf(() => create({ face_terminal_id: 'F0000002' }))).toBe(4091);
  });
  it('secondary lifts: main must exist and be a main lift (4149), floors within it (4142)', () => {
    expect(create({ main_lift_id: 50, positive_floors: 10 }).main_lift_id).toBe(50);
    expect(codeOf(() => create({ main_lift_id: 50, positive_floors: 11 }))).toBe(4142);
    expect(codeOf(() => create({ main_lift_id: 51 }))).toBe(4149);
    expect(codeOf(() => create({ main_lift_id: 404 }))).toBe(4149);
  });
  it('communities only in scope (4032), maintenance company must exist (4064)', () => {
    expect(create({ community_id: 5, mt_company_id: 3 }).community_id).toBe(5);
    expect(codeOf(() => create({ community_id: 6 }))).toBe(4032);
    expect(codeOf(() => create({ mt_company_id: 4 }))).toBe(4064);
  });
  it('expiry only with the permission (4147); empty dates 4144; m3u8 format 4146', () => {
    expect(codeOf(() => create({ expire_at: '2030-01-01' }))).toBe(4147);
    expect((create({ expire_at: '2030-01-01' }, { ...caller, keys: ['lift_expire_edit'] }).expire_at as Date).getUTCFullYear()).toBe(2030);
    expect(create({ expire_at: '2030-01-01' }, { ...caller, isRoot: true }).expire_at).toBeInstanceOf(Date);
    expect(codeOf(() => create({ expire_at: '' }, { ...caller, isRoot: true }))).toBe(4144);
    expect(codeOf(() => create({ m3u8_url: 'http://x/y.flv' }))).toBe(4146);
  });
  it('maps unique-index races to their codes', () => {
    expect(uniqueViolationCode({ code: '23505', message: 'duplicate key value violates unique constraint "lift_code_uq"' })).toBe(4062);
    expect(uniqueViolationCode({ code: '23505', constraint: 'lift_terminal_uq' })).toBe(4043);
    expect(uniqueViolationCode({ code: '23505', constraint: 'lift_face_terminal_uq' })).toBe(4091);
    expect(uniqueViolationCode({ code: '23503' })).toBeNull();
  });
});
