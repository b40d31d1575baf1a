import { z } from 'zod';
import { ZPageQuery } from '../http.ts';

export const TERMINAL_TYPES = ['f', 't', 'wcr', 'u', 'e'] as const;
export type TTerminalType = (typeof TERMINAL_TYPES)[number];

/**
 * Terminal id families (SPEC.md §3 "Terminal ids"), one pattern per type:
 * - t: lift terminals, `T…` or `L…` (L_ terminals are remote-viewed on SOS)
 * - e: the special `E00…` family
 * - wcr: `WCR…` ids
 * - f: face terminals `F…` (they also carry a face_id)
 * - u: smart screens `U…`
 * After the prefix: 4–29 letters, digits, `_` or `-`.
 */
export const TERMINAL_ID_PATTERNS: Readonly<Record<TTerminalType, RegExp>> = {
  t: /^[TL][A-Za-z0-9_-]{4,29}$/,
  e: /^E00[A-Za-z0-9_-]{3,27}$/,
  wcr: /^WCR[A-Za-z0-9_-]{3,27}$/,
  f: /^F[A-Za-z0-9_-]{4,29}$/,
  u: /^U[A-Za-z0-9_-]{4,29}$/,
};

/** The family (type) of a terminal id, or null when the id is in no valid format. */
export function terminalFamily(id: string): TTerminalType | null {
  for (const type of ['e', 'wcr', 't', 'f', 'u'] as const) if (TERMINAL_ID_PATTERNS[type].test(id)) return type;
  return null;
}
export const isTerminalId = (id: string): boolean => terminalFamily(id) !== null;

/** An m3u8 (HLS) stream address: http(s) URL whose path ends in .m3u8. */
export const M3U8_RE = /^https?:\/\/[^\s/?#]+(?::\d+)?\/[^\s?#]*\.m3u8(?:\?[^\s#]*)?$/i;
export const isM3u8Url = (url: string): boolean => M3U8_RE.test(url);

/**
 * Version number of a device or terminal: the four digits at characters 3–6 (1-based) of the
 * version string, e.g. 'V_1203_beta' → 1203. Null when those characters are not four digits.
 */
export function versionNumber(v: string | null | undefined): number | null {
  if (!v) return null;
  const four = v.slice(2, 6);
  return /^\d{4}$/.test(four) ? Number(four) : null;
}

export const ZTerminalListQuery = ZPageQuery.extend({
  type: z.enum(TERMINAL_TYPES).optional(),
  bound: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  online: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export const TERMINAL_ORDER_KEYS = ['id', 'terminal_id', 'type', 'version', 'last_seen_at', 'created_at'] as const;

export const ZTerminal = z.object({
  id: z.number().int(),
  terminal_id: z.string(),
  type: z.enum(TERMINAL_TYPES),
  face_id: z.string().nullable(),
  version: z.string().nullable(),
  version_number: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  bound: z.boolean(),
  lift_id: z.number().int().nullable(),
  lift_name: z.string().nullable(),
  created_at: z.string(),
});
export type TTerminal = z.infer<typeof ZTerminal>;

export const ZTerminalRegisterRequest = z.object({
  terminal_id: z.string().trim().min(1).max(40),
  face_id: z.string().trim().max(64).nullable().optional(),
  version: z.string().trim().max(40).nullable().optional(),
});
export const ZTerminalRegistered = z.object({
  id: z.number().int(),
  terminal_id: z.string(),
  type: z.enum(TERMINAL_TYPES),
  mqtt_username: z.string(),
  /** shown once; only its hash is stored */
  mqtt_secret: z.string(),
});

/* ---- Terminal default settings (SPEC.md §3 "Terminal default settings", §9) ---- */

export const SCROLL_SPEED_MIN = 1;
export const SCROLL_SPEED_MAX = 10;
export const SCROLL_SPEED_DEFAULT = 2;
export const DISPLAY_COUNT_MIN = 1;
export const DISPLAY_COUNT_MAX = 5;
export const AD_VIDEO_SLOTS = 3;
export const LICENSE_IMAGE_SLOTS = 3;
/** App uploads must be an apk with this fixed product file name. */
export const APK_FILE_NAME = 'LiftGuardTerminal.apk';

const url = z.string().trim().max(500);
const dateText = z.string().trim().max(30);
export const ZAdVideo = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(AD_VIDEO_SLOTS - 1),
  name: z.string().trim().max(100).default(''),
  url: url.default(''),
  file_size: z.number().int().min(0).default(0),
  cycle_times: z.number().int().min(0).max(1000).default(1),
  end_time: dateText.default(''),
});
export const ZTerminalSettings = z.object({
  ad_videos: z.array(ZAdVideo).length(AD_VIDEO_SLOTS),
  apk: z.object({ file_size: z.number().int().min(0), url, version: z.string().trim().max(40) }),
  elevator_voices: z.array(z.object({ name: z.string().trim().max(100), url })).max(20),
  license_images: z.array(z.object({ index: z.number().int().min(0).max(2), url })).length(LICENSE_IMAGE_SLOTS),
  scroll_para: z.object({
    content_list: z.array(z.object({ content: z.string().trim().max(500), end_time: dateText })).max(20),
    speed: z.number().int().min(SCROLL_SPEED_MIN).max(SCROLL_SPEED_MAX),
  }),
  system_para: z.object({
    brightness: z.number().int().min(0).max(100),
    door_voice: z.boolean(),
    floor_volume: z.number().int().min(0).max(100),
    system_volume: z.number().int().min(0).max(100),
    video_volume: z.number().int().min(0).max(100),
    display_count: z.number().int().min(DISPLAY_COUNT_MIN).max(DISPLAY_COUNT_MAX),
    chat_room: z.object({
      life_value: z.number().int().min(1).max(100_000),
      wait_time: z.number().int().min(1000).max(1_000_000),
      record_slice: z.number().int().min(1000).max(600_000),
    }),
  }),
  weather: z.object({
    name: z.string().trim().max(40),
    temp: z.string().trim().max(10),
    windDir: z.string().trim().max(20),
    windLevel: z.string().trim().max(10),
  }),
});
export type TTerminalSettings = z.infer<typeof ZTerminalSettings>;

export const DEFAULT_TERMINAL_SETTINGS: TTerminalSettings = {
  ad_videos: [0, 1, 2].map((index) => ({ index, name: '', url: '', file_size: 0, cycle_times: 1, end_time: '' })),
  apk: { file_size: 0, url: '', version: '' },
  elevator_voices: [],
  license_images: [0, 1, 2].map((index) => ({ index, url: '' })),
  scroll_para: { content_list: [], speed: SCROLL_SPEED_DEFAULT },
  system_para: {
    brightness: 10,
    door_voice: true,
    floor_volume: 34,
    system_volume: 20,
    video_volume: 34,
    display_count: 1,
    chat_room: { life_value: 300, wait_time: 100_000, record_slice: 60_000 },
  },
  weather: { name: '', temp: '', windDir: '', windLevel: '' },
};

export const UPLOAD_KINDS = ['video', 'image', 'apk', 'voice'] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];
/** Per kind: allowed extensions and maximum size in bytes. */
export const UPLOAD_RULES: Readonly<Record<TUploadKind, { ext: readonly string[]; maxBytes: number }>> = {
  video: { ext: ['mp4'], maxBytes: 50 * 1_048_576 },
  image: { ext: ['png', 'jpg', 'jpeg'], maxBytes: 5 * 1_048_576 },
  apk: { ext: ['apk'], maxBytes: 50 * 1_048_576 },
  voice: { ext: ['mp3', 'wav'], maxBytes: 5 * 1_048_576 },
};
