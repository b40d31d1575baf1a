import {
  dataOf,
  pageOf,
  ZIdBody,
  ZMembershipDeleteRequest,
  ZMembershipSaveRequest,
  ZUserCreateRequest,
  ZUserListQuery,
  ZUserRow,
  ZUserUpdateRequest,
} from '@liftguard/contract';
import { z } from 'zod';
import { scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { auditChange } from '../audit/record.ts';
import * as service from './service.ts';

const tags = ['user'];
const ZIdQuery = z.object({ id: z.coerce.number().int().positive() });

export const userModule: Module = {
  name: 'user',
  register(api, { db }) {
    api.get(
      '/user/list',
      {
        schema: {
          tags,
          summary: 'Users with a membership in scope (keyword: username, realname, mobile, email)',
          querystring: ZUserListQuery,
          response: { 200: dataOf(pageOf(ZUserRow)) },
        },
      },
      async (req) => ({ data: await service.page(db, scopeOf(req), req.query) }),
    );

    api.get(
      '/user/detail',
      { schema: { tags, summary: 'One user in scope', querystring: ZIdQuery, response: { 200: dataOf(ZUserRow) } } },
      async (req) => ({ data: await service.get(db, scopeOf(req), req.query.id) }),
    );

    api.get(
      '/user/export',
      { schema: { tags, summary: 'The users in scope as an xlsx workbook (company and community administrators)' } },
      async (req, reply) => {
        const scope = scopeOf(req);
        const file = await service.exportXlsx(db, scope);
        await auditChange(db, req, 'user.export', `company:${scope.companyId}`);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="users.xlsx"')
          .send(file);
      },
    );

    api.post(
      '/user/add',
      { schema: { tags, summary: 'Create a user with a first membership', body: ZUserCreateRequest, response: { 200: dataOf(ZUserRow) } } },
      async (req) => {
        const user = await service.create(db, scopeOf(req), req.body);
        await auditChange(db, req, 'user.create', `user:${user.id}`, {
          username: user.username,
          company_id: req.body.membership.company_id,
        });
        return { data: user };
      },
    );

    api.post(
      '/user/update',
      { schema: { tags, summary: 'Edit a user account', body: ZUserUpdateRequest, response: { 200: dataOf(ZUserRow) } } },
      async (req) => {
        const user = await service.update(db, scopeOf(req), req.body);
        const { id: _id, password, ...changed } = req.body;
        await auditChange(db, req, 'user.update', `user:${user.id}`, {
          fields: [...Object.keys(changed), ...(password ? ['password'] : [])],
        });
        return { data: user };
      },
    );

    api.post(
      '/user/delete',
      { schema: { tags, summary: 'Delete a user (never your own account)', body: ZIdBody, response: { 200: dataOf(z.literal(true)) } } },
      async (req) => {
        const what = await service.remove(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'user.delete', `user:${req.body.id}`, { removed: what });
        return { data: true as const };
      },
    );

    api.post(
      '/user/membership/save',
      {
        schema: {
          tags,
          summary: 'Add or change a membership (node, role, communities, region)',
          body: ZMembershipSaveRequest,
          response: { 200: dataOf(ZUserRow) },
        },
      },
      async (req) => {
        const user = await service.saveMembership(db, scopeOf(req), req.body);
        await auditChange(db, req, 'membership.save', `user:${user.id}`, {
          company_id: req.body.company_id,
          role_id: req.body.role_id,
        });
        return { data: user };
      },
    );

    api.post(
      '/user/membership/delete',
      { schema: { tags, summary: 'Remove a membership', body: ZMembershipDeleteRequest, response: { 200: dataOf(z.literal(true)) } } },
      async (req) => {
        await service.deleteMembership(db, scopeOf(req), req.body.user_id, req.body.company_id);
        await auditChange(db, req, 'membership.delete', `user:${req.body.user_id}`, { company_id: req.body.company_id });
        return { data: true as const };
      },
    );
  },
};
