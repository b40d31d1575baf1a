import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerLiveChannel } from './live/routes.ts';
import { modules } from './modules/index.ts';
import { registerAuth } from './platform/auth.ts';
import { type Bus, createLocalBus } from './platform/bus.ts';
import { createRedisBus } from './platform/bus-redis.ts';
import type { Config } from './platform/config.ts';
import { type AppContext, apiOf } from './platform/context.ts';
import type { DbHandle } from './platform/db.ts';
import { registerHttpContract } from './platform/http.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reportException?: (req: FastifyRequest, err: Error) => void;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

/** Keys whose values never reach the log. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.oldPassword', '*.token', '*.code'];

export type BuiltApp = { app: FastifyInstance; ctx: AppContext; close: () => Promise<void> };

/** Build the whole HTTP application on an open database. Does not listen. */
export async function buildApp(config: Config, handle: DbHandle, givenBus?: Bus): Promise<BuiltApp> {
  // with REDIS_URL the bus is shared by every instance (live channel, forced_offline, fault pipeline)
  let logBusError = (_err: unknown): void => undefined;
  const bus = givenBus ?? (config.REDIS_URL ? await createRedisBus(config.REDIS_URL, (err) => logBusError(err)) : createLocalBus());
  const closers: Array<() => Promise<void> | void> = [];
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: REDACT },
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  logBusError = (err) => app.log.warn({ err }, 'event bus (Redis) error');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ctx: AppContext = { config, db: handle.db, engine: handle.engine, bus, onClose: (fn) => closers.push(fn) };

  app.reportException = (req, err) => {
    void handle.db
      .insertInto('server_exception')
      .values({
        request_id: req.id,
        method: req.method,
        url: req.url.slice(0, 500),
        message: err.message.slice(0, 2000),
        stack: err.stack?.slice(0, 8000) ?? null,
      })
      .execute()
      .catch(() => undefined);
  };

  registerHttpContract(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 5 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'LiftGuard API', version: '0.1.0', description: 'Success answers `{data}`; failures `{code, msg}` (SPEC.md §8).' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  await app.register(
    async (scope) => {
      registerAuth(scope, handle.db);
      const api = apiOf(scope);
      for (const m of modules) await m.register(api, ctx);
    },
    { prefix: '/api' },
  );
  await registerLiveChannel(app, ctx);

  fs.mkdirSync(config.filesDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.filesDir, prefix: '/f/', decorateReply: false, index: false });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, decorateReply: true, maxAge: '1h', immutable: false });
  }
  // History fallback: a non-API GET that matched nothing gets the SPA; everything else a catalogued 404.
  if (hasWeb) {
    app.get('/*', { schema: { hide: true } }, (req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/f/') || req.url.startsWith('/ws/')) {
        return reply.callNotFound();
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      for (const fn of closers.reverse()) await fn();
      await bus.close();
    },
  };
}
