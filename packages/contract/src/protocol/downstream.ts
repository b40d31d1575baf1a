import { z } from 'zod';

/**
 * Downstream commands (server → terminal) on `{root}/t/{id}/down`, QoS 1. Each has a
 * `cmd_id` (unique; a terminal executes a given id once) and `expires_at` (ms epoch; a
 * terminal that receives it later answers `expired` and does nothing).
 */
const ZCommandBase = z.object({
  cmd_id: z.string().min(1).max(64),
  issued_at: z.number().int().nonnegative(),
  expires_at: z.number().int().nonnegative(),
});

export const LIFT_COMMANDS = ['lock', 'unlock', 'stop', 'forced_descent', 'open_door', 'close_door'] as const;

export const ZDownCommand = z.discriminatedUnion('action', [
  ZCommandBase.extend({ action: z.enum(LIFT_COMMANDS) }),
  ZCommandBase.extend({ action: z.literal('call_floor'), floor: z.number().int().min(-64).max(64) }),
  /** open (or close) a monitoring session: the terminal reports status every second while on */
  ZCommandBase.extend({ action: z.literal('monitor'), on: z.boolean() }),
  /** firmware or terminal-app update: fetch url, check sha256, install, report U08 */
  ZCommandBase.extend({
    action: z.literal('update'),
    kind: z.enum(['firmware', 'apk']),
    version: z.string().max(32),
    url: z.string().max(1000),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().positive(),
  }),
  /** settings push (terminal default settings); the terminal answers U06 with what it applied */
  ZCommandBase.extend({
    action: z.literal('settings'),
    revision: z.number().int().nonnegative(),
    settings: z.record(z.string(), z.unknown()),
  }),
  /** ask for U06 / U07 / U09 */
  ZCommandBase.extend({ action: z.literal('get_parameters') }),
  ZCommandBase.extend({ action: z.literal('list_files') }),
  ZCommandBase.extend({ action: z.literal('read_database'), table: z.string().max(64) }),
  /** simulator only: raise or clear a fault, trapped passengers or a help call on demand */
  ZCommandBase.extend({
    action: z.literal('simulate'),
    event: z.enum(['fault', 'solve', 'trapped', 'help']),
    code: z.string().max(32).optional(),
  }),
]);
export type TDownCommand = z.infer<typeof ZDownCommand>;
export type TDownAction = TDownCommand['action'];

/** Default lifetime of a lift command: short, so an offline lift never runs it late. */
export const COMMAND_TTL_MS = 30_000;
