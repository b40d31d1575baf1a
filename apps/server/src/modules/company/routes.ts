import {
  canWrite,
  dataOf,
  ErrorCodes,
  ZCompanyCreateRequest,
  ZCompanyMoveRequest,
  ZCompanyNode,
  ZCompanyTree,
  ZCompanyUpdateRequest,
  ZIdBody,
  ZUploadLogoFields,
} from '@liftguard/contract';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { resolveToken, scopeOf, tokenOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditChange } from '../audit/record.ts';
import { storeLogo } from './logo.ts';
import * as service from './service.ts';

const tags = ['company'];
const ZNodeAnswer = dataOf(ZCompanyNode);

export const companyModule: Module = {
  name: 'company',
  register(api, { db, config }) {
    api.get(
      '/company/tree',
      { schema: { tags, summary: 'Companies and departments of the current scope, by path', response: { 200: dataOf(ZCompanyTree) } } },
      async (req) => ({ data: { list: await service.tree(db, scopeOf(req)) } }),
    );

    api.get(
      '/company/detail',
      {
        schema: {
          tags,
          summary: 'One company or department with its permission lists',
          querystring: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: ZNodeAnswer },
        },
      },
      async (req) => ({ data: await service.detail(db, scopeOf(req), req.query.id) }),
    );

    api.post(
      '/company/add',
      {
        schema: {
          tags,
          summary: 'Create a company or department under a node in scope',
          body: ZCompanyCreateRequest,
          response: { 200: ZNodeAnswer },
        },
      },
      async (req) => {
        const node = await service.create(db, scopeOf(req), req.body);
        await auditChange(db, req, 'company.create', `company:${node.id}`, { name: node.name, pid: node.pid, node_type: node.node_type });
        return { data: node };
      },
    );

    api.post(
      '/company/update',
      { schema: { tags, summary: 'Edit a company or department', body: ZCompanyUpdateRequest, response: { 200: ZNodeAnswer } } },
      async (req) => {
        const node = await service.update(db, scopeOf(req), req.body);
        const { id: _id, ...changed } = req.body;
        await auditChange(db, req, 'company.update', `company:${node.id}`, { fields: Object.keys(changed) });
        return { data: node };
      },
    );

    api.post(
      '/company/move',
      {
        schema: {
          tags,
          summary: 'Move a node (and its subtree) under another node in scope',
          body: ZCompanyMoveRequest,
          response: { 200: ZNodeAnswer },
        },
      },
      async (req) => {
        const node = await service.move(db, scopeOf(req), req.body.id, req.body.pid);
        await auditChange(db, req, 'company.move', `company:${node.id}`, { pid: node.pid, path: node.path });
        return { data: node };
      },
    );

    api.post(
      '/company/delete',
      {
        schema: {
          tags,
          summary: 'Delete a node without subordinates or members',
          body: ZIdBody,
          response: { 200: dataOf(z.literal(true)) },
        },
      },
      async (req) => {
        const node = await service.remove(db, scopeOf(req), req.body.id);
        await auditChange(db, req, 'company.delete', `company:${node.id}`, { name: node.name });
        return { data: true as const };
      },
    );

    // Multipart: the token may come as a form field (SPEC.md §7), so this route checks the caller itself.
    api.post(
      '/portal/upload_logo',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Upload a company logo (multipart: token, cid, file; PNG/JPEG/WebP about 207×40, at most 512 KB)',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(z.object({ logo: z.string() })) },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw new AppError(4048);
        const fields: Record<string, string> = {};
        let file: Buffer | undefined;
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (file) throw new AppError(4048);
            file = await part.toBuffer();
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        const token = tokenOf(req) ?? fields.token;
        const auth = req.auth ?? (token ? await resolveToken(db, token) : null);
        if (!auth) throw new AppError(ErrorCodes.NOT_LOGGED_IN);
        if ('code' in auth) throw new AppError(auth.code);
        req.auth = auth;
        if (!canWrite('POST', '/portal/upload_logo', { isRoot: auth.isRoot, uris: auth.uris })) {
          await writeAudit(db, {
            action: 'permission.denied',
            result: 'denied',
            userId: auth.userId,
            username: auth.username,
            companyId: auth.companyId,
            target: 'POST /api/portal/upload_logo',
            ip: req.ip,
          });
          throw new AppError(ErrorCodes.NO_PERMISSION);
        }
        const parsed = ZUploadLogoFields.safeParse(fields);
        if (!parsed.success) throw new AppError(ErrorCodes.PARAMETER);
        if (!file) throw new AppError(4048);
        const scope = scopeOf(req);
        await service.nodeInScope(db, parsed.data.cid, scope);
        const logo = await storeLogo(config.filesDir, file);
        await service.setLogo(db, scope, parsed.data.cid, logo);
        await auditChange(db, req, 'company.logo', `company:${parsed.data.cid}`, { logo });
        return { data: { logo } };
      },
    );
  },
};
