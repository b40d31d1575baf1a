import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** Every environment variable LiftGuard reads (README "Configuration" lists them). */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql', 'memory']),
  MQTT_URL: optionalUrl(['mqtt', 'mqtts', 'ws', 'wss']),
  MQTT_PORT: port.default(18830),
  MQTT_WS_PORT: port.default(18831),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  ADMIN_PASSWORD: z.string().optional(),
  /** password of every demo account (SEED_DEMO); generated and printed once when unset */
  DEMO_PASSWORD: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(72),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  SIMULATED_LIFTS: z.coerce.number().int().min(0).max(100_000).default(12),
  /** random faults, trapped passengers and help calls per simulated lift and minute (0: only on command) */
  SIMULATED_EVENTS_PER_MINUTE: z.coerce.number().min(0).max(60).default(0.2),
  WEB_DIST: z.string().optional(),
  /** trust X-Forwarded-For only behind a proxy that overwrites it (else per-address limits could be dodged) */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  SMS_PROVIDER_URL: optionalUrl(['http', 'https']),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  /** how long one SMS request may take; no answer by then is an "unknown outcome" retried under the same key (below the 5 min job lease) */
  SMS_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(240_000).default(60_000),
  /** SMS handed to the provider at the same time by one instance */
  SMS_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
});
export type Config = z.infer<typeof ZConfig> & { dataDir: string; filesDir: string };

export class ConfigError extends Error {}

/** Parse the environment; throw one readable message naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof z.input<typeof ZConfig>, unknown>> = {},
): Config {
  const result = ZConfig.safeParse({ ...env, ...overrides });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(result.data.DATA_DIR);
  return { ...result.data, dataDir, filesDir: path.join(dataDir, 'files') };
}
