import { APK_FILE_NAME, versionNumber } from '@liftguard/contract/registry/terminal';

/** One terminal's upgrade as the progress dialog shows it. */
export type UpgradeRow = {
  terminal_id: string;
  cmd_id: string | null;
  from: string | null;
  to: string;
  stage: 'waiting' | 'downloading' | 'installing' | 'success' | 'failure';
  progress: number;
  reason?: string;
};

export function rowsOf(
  sent: { terminal_id: string; cmd_id: string | null; current_version: string | null; new_version: string }[],
): UpgradeRow[] {
  return sent.map((s) => ({
    terminal_id: s.terminal_id,
    cmd_id: s.cmd_id,
    from: s.current_version,
    to: s.new_version,
    stage: 'waiting',
    progress: 0,
  }));
}

const STAGES = new Set(['downloading', 'installing', 'success', 'failure']);

/**
 * Apply a `return_update` / `return_update_apk` report (U08: cmd_id, stage, progress, reason).
 * Reports of other commands are ignored; a finished row does not change again. Pure, unit-tested.
 */
export function applyUpdateReport(rows: readonly UpgradeRow[], terminalId: string | null, data: Record<string, unknown>): UpgradeRow[] {
  const stage = typeof data.stage === 'string' && STAGES.has(data.stage) ? (data.stage as UpgradeRow['stage']) : null;
  if (!terminalId || !stage) return [...rows];
  return rows.map((r) => {
    if (r.terminal_id !== terminalId) return r;
    if (r.cmd_id && typeof data.cmd_id === 'string' && data.cmd_id !== r.cmd_id) return r;
    if (r.stage === 'success' || r.stage === 'failure') return r;
    const progress =
      stage === 'success' ? 100 : typeof data.progress === 'number' ? Math.max(r.progress, Math.min(100, data.progress)) : r.progress;
    return { ...r, stage, progress, reason: typeof data.reason === 'string' ? data.reason : r.reason };
  });
}

export const finished = (rows: readonly UpgradeRow[]) =>
  rows.length > 0 && rows.every((r) => r.stage === 'success' || r.stage === 'failure');

/** Client checks of an update package before upload: why it would be refused, or null. */
export function checkPackage(
  kind: 'firmware' | 'apk',
  version: string,
  file: { name: string; size: number } | null,
): 'file' | 'apkExt' | 'name' | 'ext' | 'size' | 'version' | null {
  if (!file) return 'file';
  if (kind === 'apk' && !file.name.toLowerCase().endsWith('.apk')) return 'apkExt';
  if (kind === 'apk' && file.name !== APK_FILE_NAME) return 'name';
  if (kind === 'firmware' && !file.name.toLowerCase().endsWith('.bin')) return 'ext';
  if (file.size <= 0) return 'size';
  if (versionNumber(version.trim()) === null) return 'version';
  return null;
}

const STAGE_OF_STATE: Record<string, UpgradeRow['stage'] | undefined> = {
  sent: 'downloading',
  delivered: 'downloading',
  succeeded: 'success',
  failed: 'failure',
  timed_out: 'failure',
  expired: 'failure',
};

/**
 * Apply the update command's lifecycle (`command_state` live, or the command list read after the
 * call: a fast terminal may finish before the browser has subscribed to its reports).
 */
export function applyUpdateCommand(
  rows: readonly UpgradeRow[],
  c: { cmd_id: string; state: string; progress: number | null; reason: string | null },
): UpgradeRow[] {
  const stage = STAGE_OF_STATE[c.state];
  if (!stage) return [...rows];
  return rows.map((r) => {
    if (r.cmd_id !== c.cmd_id || r.stage === 'success' || r.stage === 'failure') return r;
    if (stage === 'downloading' && r.stage === 'installing') return r;
    const progress = stage === 'success' ? 100 : Math.max(r.progress, c.progress ?? 0);
    return { ...r, stage, progress, reason: c.reason ?? r.reason };
  });
}
