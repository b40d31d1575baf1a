import type { TIndexTree } from '@liftguard/contract/dashboard/index-tree';
import type { TLiveEvent } from '@liftguard/contract/live/messages';

const dec = (n: number) => Math.max(0, n - 1);

/**
 * Apply a dashboard change event (addF, delF, addL, delL, addT, onoff, addM, delM) to the counters at once;
 * the page then reloads /api/indextree to settle anything a delta cannot know. Pure, unit-tested.
 */
export function applyDashboardChange(tree: TIndexTree, e: Pick<TLiveEvent, 'action' | 'data'>): TIndexTree {
  switch (e.action) {
    case 'addF': {
      const trapped = e.data.trapped === true;
      return {
        ...tree,
        faultCount: tree.faultCount + 1,
        todayNewFaultCount: tree.todayNewFaultCount + 1,
        tiringCount: tree.tiringCount + (trapped ? 1 : 0),
        faultMonthData: tree.faultMonthData.map((m, i, all) => (i === all.length - 1 ? { ...m, count: m.count + 1 } : m)),
      };
    }
    case 'delF':
      return { ...tree, faultCount: dec(tree.faultCount), tiringCount: e.data.trapped === true ? dec(tree.tiringCount) : tree.tiringCount };
    case 'addL':
      return { ...tree, count: tree.count + 1, todayNewLiftCount: tree.todayNewLiftCount + 1, offlineCount: tree.offlineCount + 1 };
    case 'delL':
      return { ...tree, count: dec(tree.count) };
    case 'addT':
      return { ...tree, t: tree.t + 1 };
    case 'addM':
    case 'delM': {
      // a maintenance record: counted only when it is this month's and of type maintenance or repair
      if (e.data.this_month !== true) return tree;
      const move = e.action === 'addM' ? (n: number) => n + 1 : dec;
      if (e.data.type === 'maintenance') return { ...tree, maintenanceCount: move(tree.maintenanceCount) };
      if (e.data.type === 'repair') return { ...tree, repairsCount: move(tree.repairsCount) };
      return tree;
    }
    case 'onoff':
      if (e.data.online === true) return { ...tree, onlineCount: tree.onlineCount + 1, offlineCount: dec(tree.offlineCount) };
      if (e.data.online === false) return { ...tree, onlineCount: dec(tree.onlineCount), offlineCount: tree.offlineCount + 1 };
      return tree;
    default:
      return tree;
  }
}
