import { describe, expect, it } from 'vitest';
import { canWrite, isFreeCall, normaliseUri } from './permissions.ts';
import { canOpenRoute } from './routes.ts';

describe('write guard (SPEC.md §6)', () => {
  it('lets every GET through', () => {
    expect(isFreeCall('GET', '/api/device/delete')).toBe(true);
  });
  it('lets login URLs through', () => {
    expect(isFreeCall('POST', '/api/login')).toBe(true);
    expect(isFreeCall('POST', '/api/code/send')).toBe(true);
  });
  it('lets POST/PUT get/list/query/read/check/parse segments and …list endings through', () => {
    for (const uri of [
      '/api/device/getinfo',
      '/api/device/list',
      '/api/a/queryAll',
      '/api/a/readone',
      '/api/a/checkname',
      '/api/a/parsefile',
      '/api/fault/tiringlist',
    ]) {
      expect(isFreeCall('POST', uri)).toBe(true);
      expect(isFreeCall('PUT', uri)).toBe(true);
    }
  });
  it('never frees DELETE or other writes', () => {
    expect(isFreeCall('DELETE', '/api/device/list')).toBe(false);
    expect(isFreeCall('POST', '/api/device/add')).toBe(false);
    expect(isFreeCall('PUT', '/api/user/setcompany')).toBe(false);
  });
  it('needs the URI system-wide or for the current community', () => {
    const grant = { isRoot: false, uris: ['/device/add', '/device/update@7'] };
    expect(canWrite('POST', '/api/device/add', grant)).toBe(true);
    expect(canWrite('POST', '/api/device/update', grant)).toBe(false);
    expect(canWrite('POST', '/api/device/update', { ...grant, communityId: 7 })).toBe(true);
    expect(canWrite('POST', '/api/device/update', { ...grant, communityId: 8 })).toBe(false);
    expect(canWrite('POST', '/api/device/delete', { isRoot: true, uris: [] })).toBe(true);
  });
  it('normalises query strings and trailing slashes', () => {
    expect(normaliseUri('/api/device/add/?x=1')).toBe('/device/add');
  });
});

describe('route access (SPEC.md §2)', () => {
  it('needs the key unless root or a free route', () => {
    expect(canOpenRoute('device_list', [], false)).toBe(false);
    expect(canOpenRoute('device_list', ['device_list'], false)).toBe(true);
    expect(canOpenRoute('device_list', [], true)).toBe(true);
    // the lift detail page opens with the lift list's key
    expect(canOpenRoute('device_list_detail', ['device_list'], false)).toBe(true);
    expect(canOpenRoute('device_list_detail', ['device_list_detail'], false)).toBe(false);
    for (const free of ['explain', 'm_monitor', 'set_pwd_page']) expect(canOpenRoute(free, [], false)).toBe(true);
  });
});
