import type { Migration } from 'kysely';
import * as m0001 from './0001_core.ts';

/** Numbered migrations, applied in key order at start. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
};
