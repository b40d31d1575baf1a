import { z } from 'zod';

/**
 * Upstream payloads (terminal → server), JSON, QoS 1. Every message carries `mid`, unique per
 * terminal, so a redelivered message is recognised; `ts` is the terminal clock in ms.
 */
const ZEnvelope = z.object({
  mid: z.string().min(1).max(64),
  ts: z.number().int().nonnegative(),
});

const floor = z.number().int().min(-64).max(64);
const floorDisplay = z.string().max(8);

export const DIRECTIONS = ['up', 'down', 'stop'] as const;
export const DOOR_STATES = ['open', 'opening', 'closed', 'closing'] as const;
/** normal service, stopped by command, locked out, inspection/maintenance mode, out of order, forced descent */
export const RUN_STATES = ['normal', 'stopped', 'locked', 'maintenance', 'fault', 'descending'] as const;

/** U01 status report: sent on every change and at least every status interval. */
export const ZU01Status = ZEnvelope.extend({
  floor,
  floor_display: floorDisplay,
  direction: z.enum(DIRECTIONS),
  door: z.enum(DOOR_STATES),
  run_state: z.enum(RUN_STATES),
  /** someone is in the car (car sensor) */
  occupied: z.boolean().default(false),
  speed: z.number().min(0).max(20).optional(),
});
export type TU01Status = z.infer<typeof ZU01Status>;

/** U02 heartbeat. */
export const ZU02Heartbeat = ZEnvelope.extend({
  version: z.string().max(32).optional(),
  rssi: z.number().int().min(-150).max(0).optional(),
});

/** U03 fault report. Repeats of an open fault count up instead of opening a new one. */
export const ZU03Fault = ZEnvelope.extend({
  code: z.string().regex(/^[A-Z0-9_]{1,32}$/),
  floor: floor.nullable().default(null),
  floor_display: floorDisplay.nullable().default(null),
  /** passengers are trapped (a rescue is needed) */
  trapped: z.boolean().default(false),
});
export type TU03Fault = z.infer<typeof ZU03Fault>;

/** U04 fault solved. */
export const ZU04FaultSolved = ZEnvelope.extend({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/) });

/** U05 help (SOS button in the car or an intercom room). */
export const ZU05Help = ZEnvelope.extend({
  room_id: z.string().max(64).nullable().default(null),
  floor: floor.nullable().default(null),
});

/** U06 parameters: the terminal's current parameters, on request or after a settings push. */
export const ZU06Parameters = ZEnvelope.extend({
  cmd_id: z.string().max(64).nullable().default(null),
  params: z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),
});

/** U07 file management answer (list of recordings/logs on the terminal, or a transfer result). */
export const ZU07Files = ZEnvelope.extend({
  cmd_id: z.string().max(64).nullable().default(null),
  op: z.enum(['list', 'upload', 'delete']),
  files: z
    .array(z.object({ name: z.string().max(255), size: z.number().int().nonnegative() }))
    .max(200)
    .default([]),
  ok: z.boolean().default(true),
});

/** U08 firmware/app update result. */
export const ZU08UpdateResult = ZEnvelope.extend({
  cmd_id: z.string().max(64),
  kind: z.enum(['firmware', 'apk']).default('firmware'),
  version: z.string().max(32),
  stage: z.enum(['downloading', 'installing', 'success', 'failure']),
  progress: z.number().int().min(0).max(100).default(0),
  reason: z.string().max(500).optional(),
});

/** U09 database answer: rows of a terminal-side table (cards, floors, owners…). */
export const ZU09Database = ZEnvelope.extend({
  cmd_id: z.string().max(64).nullable().default(null),
  table: z.string().max(64),
  rows: z.array(z.record(z.string().max(64), z.unknown())).max(500),
});

/** U0A chat result (intercom call outcome). */
export const ZU0AChatResult = ZEnvelope.extend({
  room_id: z.string().max(64),
  result: z.enum(['answered', 'rejected', 'missed', 'ended']),
  duration_s: z.number().int().nonnegative().default(0),
});

export const ACK_RESULTS = ['delivered', 'succeeded', 'failed', 'expired', 'rejected'] as const;
export type TAckResult = (typeof ACK_RESULTS)[number];

/** Acknowledgement of a downstream command (topic `…/up/ack`). */
export const ZCommandAck = ZEnvelope.extend({
  cmd_id: z.string().min(1).max(64),
  result: z.enum(ACK_RESULTS),
  reason: z.string().max(500).optional(),
});
export type TCommandAck = z.infer<typeof ZCommandAck>;

/** Schema of each upstream code. */
export const UPSTREAM = {
  U01: ZU01Status,
  U02: ZU02Heartbeat,
  U03: ZU03Fault,
  U04: ZU04FaultSolved,
  U05: ZU05Help,
  U06: ZU06Parameters,
  U07: ZU07Files,
  U08: ZU08UpdateResult,
  U09: ZU09Database,
  U0A: ZU0AChatResult,
  ack: ZCommandAck,
} as const;
export type TUpstream = { [K in keyof typeof UPSTREAM]: z.infer<(typeof UPSTREAM)[K]> };
