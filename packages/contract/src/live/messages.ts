import { z } from 'zod';

/**
 * Live channel `WS /ws/live/{token}` (SPEC.md §4, §7). The server sends `{code: 200}` once the
 * channel is open; a client queues subscriptions until then. A bad token gets `{code, msg}`
 * (402 / 403) and the socket is closed with 4000 + code.
 */
export const ZLiveClientMessage = z.object({
  type: z.enum(['subscribe', 'cancel']),
  /** terminal names (terminal ids) */
  data: z.array(z.string().min(1).max(64)).max(1000),
});
export type TLiveClientMessage = z.infer<typeof ZLiveClientMessage>;

export const ZLiveOpen = z.object({ code: z.literal(200) });
export const ZLiveRefused = z.object({ code: z.number().int(), msg: z.string() });

/** Device actions, each from one upstream code; sent to subscribers of the terminal in scope. */
export const DEVICE_ACTIONS = {
  U01: 'up_report_status',
  U03: 'up_report_fault',
  U04: 'up_solve_fault',
  U05: 'help',
  U06: 'up_report_parameter',
  U07: 'return_file_manage',
  U08: 'return_update',
  U09: 'return_database',
  U0A: 'return_chat_result',
  ack: 'command_ack',
} as const;

/** Actions that reach every connection whose scope holds the lift, subscribed or not (badge, SOS, dashboard). */
export const BROADCAST_ACTIONS = [
  'up_report_fault',
  'up_solve_fault',
  'help',
  'addF',
  'delF',
  'addL',
  'delL',
  'addT',
  'onoff',
  'addM',
  'delM',
  /** lifecycle of a remote command, update or settings push (issue 6): every operator in scope sees it */
  'command_state',
] as const;

/**
 * SPEC.md §2 change types, plus addM / delM: a maintenance record added or removed (data: type,
 * date, this_month), which moves maintenanceCount / repairsCount.
 */
export const DASHBOARD_CHANGES = ['addF', 'delF', 'addL', 'delL', 'addT', 'onoff', 'addM', 'delM'] as const;
export type TDashboardChange = (typeof DASHBOARD_CHANGES)[number];

export const LIVE_ACTIONS = [
  'up_report_status',
  'status_report',
  'up_report_fault',
  'up_solve_fault',
  'help',
  'up_report_parameter',
  'return_file_manage',
  'return_update',
  'return_update_apk',
  'return_database',
  'return_chat_result',
  'list_monitor_config',
  'command_ack',
  'command_state',
  'forced_offline',
  ...DASHBOARD_CHANGES,
] as const;
export type TLiveAction = (typeof LIVE_ACTIONS)[number];

/** A push from the server: the action, the upstream code it came from (when any), the terminal and the payload. */
export const ZLiveEvent = z.object({
  action: z.enum(LIVE_ACTIONS),
  code: z.string().optional(),
  terminal_id: z.string().nullable(),
  lift_id: z.number().int().nullable(),
  deviceName: z.string().nullable().optional(),
  timestamp: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
