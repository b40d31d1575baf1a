import type { Module } from '../platform/context.ts';
import { healthModule } from './health/routes.ts';
import { identityModule } from './identity/routes.ts';

/** Every domain module, in registration order. */
export const modules: Module[] = [healthModule, identityModule];
