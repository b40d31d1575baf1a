import { dataOf, ErrorCodes, ZIdBody, ZResource, ZResourceCreateRequest, ZResourceUpdateRequest } from '@liftguard/contract';
import { z } from 'zod';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditChange } from '../audit/record.ts';
import { collectorFor, registeredRoutes, writeUris } from './registry.ts';
import * as repo from './repo.ts';

const tags = ['resource'];
const root = { auth: 'root' as const };

/**
 * The resource tree (SPEC.md §2–§6), editable by root. Registered first so its onRoute hook sees
 * every API route; at ready the tree is synced with the route names and write URIs.
 */
export const resourceModule: Module = {
  name: 'resource',
  register(api, ctx) {
    const { db } = ctx;
    const collect = collectorFor(ctx);
    api.addHook('onRoute', collect);
    api.addHook('onReady', async () => {
      await repo.sync(db, writeUris(registeredRoutes(ctx)));
    });

    api.get(
      '/dev/res/list',
      {
        config: root,
        schema: {
          tags,
          summary: 'The whole resource tree (flat, by layer)',
          response: { 200: dataOf(z.object({ list: z.array(ZResource) })) },
        },
      },
      async () => ({ data: { list: await repo.list(db) } }),
    );

    api.post(
      '/dev/res/add',
      { config: root, schema: { tags, summary: 'Add a resource', body: ZResourceCreateRequest, response: { 200: dataOf(ZResource) } } },
      async (req) => {
        const b = req.body;
        if (await repo.findByName(db, b.name)) throw new AppError(4125);
        if (b.pid !== null) {
          const parent = await repo.find(db, b.pid);
          if (!parent) throw new AppError(ErrorCodes.NOT_FOUND);
          if (parent.layer >= b.layer) throw new AppError(ErrorCodes.PARAMETER, { field: 'layer' });
        }
        const id = await repo.insert(db, b);
        await auditChange(db, req, 'resource.create', `resource:${id}`, { name: b.name });
        return { data: (await repo.find(db, id)) as z.infer<typeof ZResource> };
      },
    );

    api.post(
      '/dev/res/update',
      {
        config: root,
        schema: {
          tags,
          summary: 'Edit a resource (label, order, parent)',
          body: ZResourceUpdateRequest,
          response: { 200: dataOf(ZResource) },
        },
      },
      async (req) => {
        const { id, ...patch } = req.body;
        const cur = await repo.find(db, id);
        if (!cur) throw new AppError(ErrorCodes.NOT_FOUND);
        if (patch.pid != null) {
          const parent = await repo.find(db, patch.pid);
          if (!parent) throw new AppError(ErrorCodes.NOT_FOUND);
          if (parent.layer >= cur.layer) throw new AppError(ErrorCodes.PARAMETER, { field: 'pid' });
        }
        await repo.update(db, id, patch);
        await auditChange(db, req, 'resource.update', `resource:${id}`, { fields: Object.keys(patch) });
        return { data: (await repo.find(db, id)) as z.infer<typeof ZResource> };
      },
    );

    api.post(
      '/dev/res/delete',
      {
        config: root,
        schema: { tags, summary: 'Delete a resource without children', body: ZIdBody, response: { 200: dataOf(z.literal(true)) } },
      },
      async (req) => {
        const cur = await repo.find(db, req.body.id);
        if (!cur) throw new AppError(ErrorCodes.NOT_FOUND);
        if ((await repo.countChildren(db, cur.id)) > 0) throw new AppError(4130);
        await repo.remove(db, cur.id);
        await auditChange(db, req, 'resource.delete', `resource:${cur.id}`, { name: cur.name });
        return { data: true as const };
      },
    );
  },
};
