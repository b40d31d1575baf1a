import { describe, expect, it } from 'vitest';
import { applyUpdateCommand, applyUpdateReport, checkPackage, finished, rowsOf } from './ota-state.ts';

const rows = rowsOf([
  { terminal_id: 'T1', cmd_id: 'c1', current_version: 'V_1000', new_version: 'V_1203' },
  { terminal_id: 'T2', cmd_id: 'c2', current_version: 'V_1100', new_version: 'V_1203' },
]);

describe('upgrade progress', () => {
  it('follows each terminal from its own reports and ignores other commands', () => {
    let r = applyUpdateReport(rows, 'T1', { cmd_id: 'c1', stage: 'downloading', progress: 40 });
    r = applyUpdateReport(r, 'T1', { cmd_id: 'old', stage: 'failure' });
    expect(r[0]).toMatchObject({ stage: 'downloading', progress: 40 });
    expect(r[1]).toMatchObject({ stage: 'waiting', progress: 0 });
    r = applyUpdateReport(r, 'T1', { cmd_id: 'c1', stage: 'downloading', progress: 20 });
    expect(r[0]?.progress).toBe(40);
    r = applyUpdateReport(r, 'T1', { cmd_id: 'c1', stage: 'success' });
    r = applyUpdateReport(r, 'T2', { cmd_id: 'c2', stage: 'failure', reason: 'checksum mismatch' });
    expect(r.map((x) => [x.stage, x.progress])).toEqual([
      ['success', 100],
      ['failure', 0],
    ]);
    expect(r[1]?.reason).toBe('checksum mismatch');
    expect(finished(r)).toBe(true);
    expect(applyUpdateReport(r, 'T2', { cmd_id: 'c2', stage: 'success' })[1]?.stage).toBe('failure');
  });

  it('checks a package before upload: apk name, firmware extension, size and version', () => {
    expect(checkPackage('apk', 'V_1203', { name: 'LiftGuardTerminal.apk', size: 10 })).toBeNull();
    expect(checkPackage('apk', 'V_1203', { name: 'other.apk', size: 10 })).toBe('name');
    expect(checkPackage('apk', 'V_1203', { name: 'LiftGuardTerminal.zip', size: 10 })).toBe('apkExt');
    expect(checkPackage('apk', 'V_1203', { name: 'LiftGuardTerminal.apk', size: 0 })).toBe('size');
    expect(checkPackage('firmware', 'V_1203', { name: 'fw.zip', size: 10 })).toBe('ext');
    expect(checkPackage('firmware', 'V1203', { name: 'fw.bin', size: 10 })).toBe('version');
    expect(checkPackage('apk', 'V_1203', null)).toBe('file');
  });
});

describe('upgrade lifecycle from the command', () => {
  it('finishes a row from its command state even when the terminal reports came before the subscription', () => {
    let r = applyUpdateCommand(rows, { cmd_id: 'c1', state: 'succeeded', progress: 100, reason: null });
    r = applyUpdateCommand(r, { cmd_id: 'c2', state: 'timed_out', progress: null, reason: 'no result before the expiry' });
    expect(r.map((x) => x.stage)).toEqual(['success', 'failure']);
    expect(r[1]?.reason).toBe('no result before the expiry');
    expect(applyUpdateCommand(r, { cmd_id: 'c1', state: 'failed', progress: null, reason: null })[0]?.stage).toBe('success');
  });
});
