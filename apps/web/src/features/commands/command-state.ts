import type { TCommand, TCommandState } from '@liftguard/contract/command/index';

/** A live `command_state` payload (ZCommandStateEvent). */
export type CommandStateEvent = {
  cmd_id: string;
  action: string;
  state: TCommandState;
  reason: string | null;
  progress: number | null;
  username: string | null;
};

export const FINAL_STATES: readonly TCommandState[] = ['succeeded', 'failed', 'timed_out', 'expired'];
const ORDER: Record<TCommandState, number> = { queued: 0, sent: 1, delivered: 2, succeeded: 3, failed: 3, timed_out: 3, expired: 3 };

export function readCommandState(data: Record<string, unknown>): CommandStateEvent | null {
  const { cmd_id, action, state } = data;
  if (typeof cmd_id !== 'string' || typeof action !== 'string' || typeof state !== 'string' || !(state in ORDER)) return null;
  return {
    cmd_id,
    action,
    state: state as TCommandState,
    reason: typeof data.reason === 'string' ? data.reason : null,
    progress: typeof data.progress === 'number' ? data.progress : null,
    username: typeof data.username === 'string' ? data.username : null,
  };
}

/**
 * Apply a lifecycle step to the recent commands of a lift (newest first). A step never goes
 * backwards (a late `sent` after `succeeded` is ignored); an unknown command is put on top.
 */
export function applyCommandState(
  list: readonly TCommand[],
  e: CommandStateEvent,
  meta: { terminalId: string; liftId: number | null; at: number },
): TCommand[] {
  const i = list.findIndex((c) => c.id === e.cmd_id);
  if (i < 0) {
    const at = new Date(meta.at).toISOString();
    const row: TCommand = {
      id: e.cmd_id,
      lift_id: meta.liftId,
      terminal_id: meta.terminalId,
      company_id: 0,
      action: e.action,
      params: {},
      user_id: null,
      username: e.username,
      state: e.state,
      reason: e.reason,
      progress: e.progress,
      created_at: at,
      sent_at: null,
      delivered_at: null,
      finished_at: FINAL_STATES.includes(e.state) ? at : null,
      expires_at: at,
    };
    return [row, ...list];
  }
  const cur = list[i] as TCommand;
  if (ORDER[e.state] < ORDER[cur.state] || FINAL_STATES.includes(cur.state)) {
    return cur.progress === e.progress || e.progress === null
      ? [...list]
      : list.map((c, j) => (j === i ? { ...c, progress: e.progress } : c));
  }
  const next: TCommand = { ...cur, state: e.state, reason: e.reason ?? cur.reason, progress: e.progress ?? cur.progress };
  return list.map((c, j) => (j === i ? next : c));
}
