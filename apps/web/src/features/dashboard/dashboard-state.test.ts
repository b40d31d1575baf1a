import type { TIndexTree } from '@liftguard/contract/dashboard/index-tree';
import { describe, expect, it } from 'vitest';
import { applyDashboardChange } from './dashboard-state.ts';

const tree: TIndexTree = {
  helpCount: 0,
  maintenanceCount: 0,
  repairsCount: 0,
  tiringCount: 0,
  onlineCount: 5,
  offlineCount: 1,
  faultCount: 0,
  count: 6,
  maintainCount: 0,
  f: 0,
  t: 6,
  wcr: 0,
  u: 0,
  e: 0,
  todayNewLiftCount: 0,
  todayNewFaultCount: 0,
  threeNewLift: [],
  faultMonthData: [
    { month: '2026-10', count: 2 },
    { month: '2026-11', count: 3 },
  ],
};

describe('dashboard live changes', () => {
  it('counts a new fault in the open, today and this month numbers; a trapped one also in trapped', () => {
    const next = applyDashboardChange(tree, { action: 'addF', data: { code: 'E01', trapped: true } });
    expect(next).toMatchObject({ faultCount: 1, todayNewFaultCount: 1, tiringCount: 1 });
    expect(next.faultMonthData).toEqual([
      { month: '2026-10', count: 2 },
      { month: '2026-11', count: 4 },
    ]);
    expect(applyDashboardChange(next, { action: 'delF', data: { code: 'E01' } }).faultCount).toBe(0);
  });

  it('moves a lift between online and offline and never counts below zero', () => {
    expect(applyDashboardChange(tree, { action: 'onoff', data: { online: false } })).toMatchObject({ onlineCount: 4, offlineCount: 2 });
    expect(applyDashboardChange(tree, { action: 'onoff', data: { online: true } })).toMatchObject({ onlineCount: 6, offlineCount: 0 });
    expect(applyDashboardChange(tree, { action: 'delF', data: {} }).faultCount).toBe(0);
    expect(applyDashboardChange(tree, { action: 'addL', data: {} })).toMatchObject({ count: 7, todayNewLiftCount: 1 });
    expect(applyDashboardChange(tree, { action: 'up_report_status', data: {} })).toBe(tree);
  });

  it("counts this month's maintenance and repair records (addM, delM), nothing else", () => {
    const m = applyDashboardChange(tree, { action: 'addM', data: { type: 'maintenance', this_month: true } });
    expect(m).toMatchObject({ maintenanceCount: 1, repairsCount: 0 });
    expect(applyDashboardChange(m, { action: 'addM', data: { type: 'repair', this_month: true } })).toMatchObject({ repairsCount: 1 });
    expect(applyDashboardChange(m, { action: 'delM', data: { type: 'maintenance', this_month: true } }).maintenanceCount).toBe(0);
    expect(applyDashboardChange(tree, { action: 'delM', data: { type: 'repair', this_month: true } }).repairsCount).toBe(0);
    expect(applyDashboardChange(tree, { action: 'addM', data: { type: 'repair', this_month: false } })).toBe(tree);
    expect(applyDashboardChange(tree, { action: 'addM', data: { type: 'rescue', this_month: true } })).toBe(tree);
  });
});
