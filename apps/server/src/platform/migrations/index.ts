import type { Migration } from 'kysely';
import * as m0001 from './0001_core.ts';
import * as m0002 from './0002_domain.ts';
import * as m0004 from './0004_org.ts';
import * as m0005 from './0005_registry.ts';
import * as m0006 from './0006_realtime.ts';
import * as m0007 from './0007_alerts.ts';
import * as m0008 from './0008_commands.ts';
import * as m0009 from './0009_alert_sweeper.ts';
import * as m0010 from './0010_maintenance.ts';
import * as m0011 from './0011_keyword_trgm.ts';
import * as m0012 from './0012_sms_reserve.ts';
import * as m0013 from './0013_terminal_fillfactor.ts';

/** Numbered migrations, applied in key order at start. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_domain': m0002,
  '0004_org': m0004,
  '0005_registry': m0005,
  '0006_realtime': m0006,
  '0007_alerts': m0007,
  '0008_commands': m0008,
  '0009_alert_sweeper': m0009,
  '0010_maintenance': m0010,
  '0011_keyword_trgm': m0011,
  '0012_sms_reserve': m0012,
  '0013_terminal_fillfactor': m0013,
};
