import { z } from 'zod';

/** Lift-state parameter settings per company (GET /api/settings/get, PUT /api/settings/update). */
export const ZLiftStateSettings = z.object({
  /** live-state life value (SPEC.md §9): seconds a live view stays fresh without a report */
  life: z.number().int().min(10).max(3600),
  /** seconds between terminal heartbeats */
  heartbeat_s: z.number().int().min(5).max(600),
  /** a terminal silent this long is offline */
  offline_after_s: z.number().int().min(15).max(3600),
  /** seconds between status reports while idle */
  status_interval_s: z.number().int().min(1).max(600),
  /** status interval while a lift is being monitored */
  monitor_interval_s: z.number().int().min(1).max(60),
  /** doors open longer than this raise a door fault */
  door_open_alarm_s: z.number().int().min(10).max(3600),
  /** percent of rated speed counted as overspeed */
  overspeed_percent: z.number().int().min(100).max(200),
  /** lifetime of a remote command, seconds */
  command_ttl_s: z.number().int().min(5).max(300),
});
export type TLiftStateSettings = z.infer<typeof ZLiftStateSettings>;

export const DEFAULT_LIFT_STATE_SETTINGS: TLiftStateSettings = {
  life: 300,
  heartbeat_s: 30,
  offline_after_s: 90,
  status_interval_s: 10,
  monitor_interval_s: 1,
  door_open_alarm_s: 120,
  overspeed_percent: 115,
  command_ttl_s: 30,
};

export const ZLiftStateSettingsUpdate = ZLiftStateSettings.partial().refine((v) => Object.keys(v).length > 0, { message: 'empty update' });
