import { z } from 'zod';
import { ZPageQuery } from '../http.ts';
import { LIFT_COMMANDS } from '../protocol/downstream.ts';

/**
 * Remote control, over-the-air update and settings push (issue 6). A command row follows
 * queued → sent → delivered → succeeded | failed | timed_out | expired, pushed live as
 * `command_state` to every browser whose scope holds the lift.
 */

/** Actions of POST /device/sendmqtt: the lift commands, a call to a floor, and monitoring. */
export const REMOTE_ACTIONS = [...LIFT_COMMANDS, 'call_floor', 'monitor'] as const;
export type TRemoteAction = (typeof REMOTE_ACTIONS)[number];

/** Every action a command row can hold (remote actions plus update and settings). */
export const COMMAND_ACTIONS = [...REMOTE_ACTIONS, 'update', 'settings'] as const;

export const COMMAND_STATES = ['queued', 'sent', 'delivered', 'succeeded', 'failed', 'timed_out', 'expired'] as const;
export type TCommandState = (typeof COMMAND_STATES)[number];
export const FINAL_COMMAND_STATES: readonly TCommandState[] = ['succeeded', 'failed', 'timed_out', 'expired'];

/**
 * Permission of each remote action. The write guard checks the route URI `/device/sendmqtt`;
 * the service then requires the per-action URI `/device/sendmqtt/<action>` (ROOT bypasses).
 * A role that may lock but not force a descent holds `/device/sendmqtt` and `/device/sendmqtt/lock`.
 */
export const SENDMQTT_URI = '/device/sendmqtt';
export const commandUri = (action: TRemoteAction): string => `${SENDMQTT_URI}/${action}`;

/** The user's password is asked again for every lift command (not for opening monitoring). */
export const PASSWORD_ACTIONS: readonly TRemoteAction[] = [...LIFT_COMMANDS, 'call_floor'];

export const ZSendMqttRequest = z.object({
  action: z.enum(REMOTE_ACTIONS),
  terminal_id: z.string().trim().min(1).max(64),
  /** call_floor: { floor }; monitor: { on } (default true) */
  data: z.record(z.string(), z.unknown()).default({}),
  /** the user's own password, checked again before a lift command is sent */
  password: z.string().max(128).optional(),
  /** SPEC.md §7 names the session token in the body; the Authorization header is what counts */
  token: z.string().max(200).optional(),
});
export type TSendMqttRequest = z.infer<typeof ZSendMqttRequest>;

export const ZCallFloorData = z.object({ floor: z.coerce.number().int().min(-64).max(64) });
export const ZMonitorData = z.object({ on: z.boolean().default(true) });

export const ZCommand = z.object({
  id: z.string(),
  lift_id: z.number().int().nullable(),
  terminal_id: z.string(),
  company_id: z.number().int(),
  action: z.string(),
  params: z.record(z.string(), z.unknown()),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  state: z.enum(COMMAND_STATES),
  reason: z.string().nullable(),
  progress: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type TCommand = z.infer<typeof ZCommand>;

export const ZCommandListQuery = ZPageQuery.extend({
  lift_id: z.coerce.number().int().positive().optional(),
  terminal_id: z.string().max(64).optional(),
});

/** Live `command_state` payload. */
export const ZCommandStateEvent = z.object({
  cmd_id: z.string(),
  action: z.string(),
  state: z.enum(COMMAND_STATES),
  reason: z.string().nullable(),
  progress: z.number().int().nullable(),
  username: z.string().nullable(),
});

/* ---- Over-the-air update ---- */

export const OTA_KINDS = ['firmware', 'apk'] as const;
export type TOtaKind = (typeof OTA_KINDS)[number];
/** Firmware images are `.bin` files; terminal apps are the apk under its fixed name (APK_FILE_NAME). */
export const FIRMWARE_EXT = 'bin';

export const ZPortalUpdateRequest = z.object({
  /** terminal ids */
  list: z.array(z.string().trim().min(1).max(64)).min(1).max(5000),
  new_version: z.string().trim().min(1).max(32),
  kind: z.enum(OTA_KINDS).default('firmware'),
  token: z.string().max(200).optional(),
});

export const ZUpdateTarget = z.object({
  terminal_id: z.string(),
  current_version: z.string().nullable(),
  new_version: z.string(),
  cmd_id: z.string().nullable(),
});
/** `sent`: commands queued, published in the background (their lifecycle and progress follow live); `latest`: already at or above the target (the web's dialog shows both versions). */
export const ZPortalUpdateResult = z.object({ sent: z.array(ZUpdateTarget), latest: z.array(ZUpdateTarget) });

export const ZOtaPackage = z.object({
  id: z.number().int(),
  kind: z.enum(OTA_KINDS),
  version: z.string(),
  version_number: z.number().int(),
  file_name: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type TOtaPackage = z.infer<typeof ZOtaPackage>;

/* ---- Settings push ---- */

export const CONFIG_STATES = ['not_configured', 'sent', 'configured'] as const;
export const ZSettingsPushRequest = z.object({
  /** one terminal; omitted = every terminal of the caller's company */
  terminal_id: z.string().trim().min(1).max(64).optional(),
});
export const ZSettingsPushResult = z.object({ revision: z.number().int(), sent: z.array(z.string()), pending: z.array(z.string()) });
export const ZTerminalConfigState = z.object({
  terminal_id: z.string(),
  state: z.enum(CONFIG_STATES),
  revision: z.number().int().nullable(),
  current_revision: z.number().int(),
  sent_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});
