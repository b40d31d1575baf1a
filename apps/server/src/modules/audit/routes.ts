import { AUDIT_ORDER_KEYS, dataOf, ErrorCodes, pageOf, ZAuditEntry, ZAuditListQuery } from '@liftguard/contract';
import { authOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repo.ts';

export const auditModule: Module = {
  name: 'audit',
  register(api, { db }) {
    api.get(
      '/audit/list',
      {
        schema: {
          tags: ['audit'],
          summary: 'Audit log (root: everything; company administrators: their scope)',
          querystring: ZAuditListQuery,
          response: { 200: dataOf(pageOf(ZAuditEntry)) },
        },
      },
      async (req) => {
        const auth = authOf(req);
        if (!auth.isRoot && auth.roleType !== 'ADMIN') throw new AppError(ErrorCodes.NO_PERMISSION);
        if (!auth.isRoot && !auth.scopePath) throw new AppError(ErrorCodes.NO_COMPANY);
        const q = req.query;
        const orderKey = (AUDIT_ORDER_KEYS as readonly string[]).includes(q.orderKey ?? '') ? (q.orderKey as 'id' | 'at') : 'id';
        const { rows, total } = await repo.page(db, auth.isRoot ? null : auth.scopePath, q, orderKey);
        return { data: { list: rows, pageNumber: q.page, totalRow: total } };
      },
    );
  },
};
