import { describe, expect, it } from 'vitest';
import { buildMenu, selectedMenuKeys } from './menu.ts';

describe('menu', () => {
  it('lists only the top-level and child routes the user holds', () => {
    const menu = buildMenu(['device', 'device_list', 'device_fault', 'system_user', 'monitor'], false);
    expect(menu.map((m) => m.name)).toEqual(['monitor', 'device']);
    expect(menu[1]?.children.map((c) => c.name)).toEqual(['device_list', 'device_fault']);
  });

  it('never lists hidden, mobile or header-linked routes', () => {
    const all = buildMenu([], true).flatMap((m) => [m.name, ...m.children.map((c) => c.name)]);
    expect(all).toContain('system_pusher_account');
    for (const n of ['device_monitor', 'm_home', 'm_monitor', 'set_pwd_page', 'home_index', 'explain']) expect(all).not.toContain(n);
  });

  it('selects the child and its group', () => {
    const menu = buildMenu([], true);
    expect(selectedMenuKeys('/device/fault', menu)).toEqual(['device_fault', 'device']);
    expect(selectedMenuKeys('/device/list/12', menu)).toEqual(['device_list', 'device']);
  });
});
