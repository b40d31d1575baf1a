import type { Module } from '../platform/context.ts';
import { auditModule } from './audit/routes.ts';
import { commandModule } from './command/routes.ts';
import { communityModule } from './community/routes.ts';
import { companyModule } from './company/routes.ts';
import { dashboardModule } from './dashboard/routes.ts';
import { devModule } from './dev/routes.ts';
import { faultModule } from './fault/routes.ts';
import { healthModule } from './health/routes.ts';
import { identityModule } from './identity/routes.ts';
import { liftModule } from './lift/routes.ts';
import { maintenanceModule } from './maintenance/routes.ts';
import { monitorModule } from './monitor/routes.ts';
import { otaModule } from './ota/routes.ts';
import { outboxModule } from './outbox/routes.ts';
import { pushModule } from './push/routes.ts';
import { resourceModule } from './resource/routes.ts';
import { roleModule } from './role/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { settingsPushModule } from './settings-push/routes.ts';
import { simModule } from './sim/routes.ts';
import { smsModule } from './sms/routes.ts';
import { taskModule } from './task/routes.ts';
import { terminalModule } from './terminal/routes.ts';
import { terminalExceptionModule } from './terminal-exception/routes.ts';
import { userModule } from './user/routes.ts';

/** Every domain module, in registration order. */
// resourceModule stays first: its onRoute hook records every API route (resource tree, tenancy suite).
export const modules: Module[] = [
  resourceModule,
  companyModule,
  roleModule,
  userModule,
  communityModule,
  auditModule,
  healthModule,
  identityModule,
  faultModule,
  smsModule,
  taskModule,
  pushModule,
  liftModule,
  maintenanceModule,
  terminalModule,
  simModule,
  dashboardModule,
  monitorModule,
  settingsModule,
  terminalExceptionModule,
  devModule,
  outboxModule,
  commandModule,
  otaModule,
  settingsPushModule,
];
