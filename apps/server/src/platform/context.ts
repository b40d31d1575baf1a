import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Bus } from './bus.ts';
import type { Config } from './config.ts';
import type { Database } from './db.ts';

/** What every module gets: configuration, the database, and the shared services. */
export type AppContext = {
  config: Config;
  db: Database;
  engine: 'pglite' | 'postgres';
  bus: Bus;
  /** resources to release on shutdown, last registered first */
  onClose: (fn: () => Promise<void> | void) => void;
};

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export const apiOf = typed;
export type Api = ReturnType<typeof typed>;

/** A domain module: registers its routes under /api and may start background work. */
export type Module = {
  name: string;
  register: (api: Api, ctx: AppContext) => Promise<void> | void;
};
