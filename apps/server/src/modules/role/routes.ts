import { dataOf, ZIdBody, ZRole, ZRoleCreateRequest, ZRoleListQuery, ZRoleUpdateRequest } from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { auditChange } from '../audit/record.ts';
import * as service from './service.ts';

const tags = ['role'];

export const roleModule: Module = {
  name: 'role',
  register(api, { db }) {
    api.get(
      '/role/list',
      {
        schema: {
          tags,
          summary: 'Roles of the companies in scope (or of one company)',
          querystring: ZRoleListQuery,
          response: { 200: dataOf(z.object({ list: z.array(ZRole) })) },
        },
      },
      async (req) => ({ data: { list: await service.list(db, scopeOf(req), req.query.company_id) } }),
    );

    api.post(
      '/role/add',
      { schema: { tags, summary: 'Create a role of a company in scope', body: ZRoleCreateRequest, response: { 200: dataOf(ZRole) } } },
      async (req) => {
        const role = await service.create(db, scopeOf(req), req.body);
        await auditChange(db, req, 'role.create', `role:${role.id}`, { name: role.name, company_id: role.company_id });
        return { data: role };
      },
    );

    api.post(
      '/role/update',
      { schema: { tags, summary: 'Edit a role', body: ZRoleUpdateRequest, response: { 200: dataOf(ZRole) } } },
      async (req) => {
        const role = await service.update(db, scopeOf(req), req.body);
        const { id: _id, ...changed } = req.body;
        await auditChange(db, req, 'role.update', `role:${role.id}`, { fields: Object.keys(changed) });
        return { data: role };
      },
    );

    api.post(
      '/role/delete',
      { schema: { tags, summary: 'Delete a role nobody holds', body: ZIdBody, response: { 200: dataOf(z.literal(true)) } } },
      async (req) => {
        const role = await service.remove(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'role.delete', `role:${role.id}`, { name: role.name });
        return { data: true as const };
      },
    );
  },
};
