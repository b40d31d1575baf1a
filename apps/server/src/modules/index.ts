import type { Module } from '../platform/context.ts';
import { healthModule } from './health/routes.ts';

/** Every domain module, in registration order. */
export const modules: Module[] = [healthModule];
