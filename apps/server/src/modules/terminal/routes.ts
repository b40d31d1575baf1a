import path from 'node:path';
import {
  dataOf,
  pageOf,
  UPLOAD_KINDS,
  versionNumber,
  ZIdBody,
  ZOk,
  ZTerminal,
  ZTerminalListQuery,
  ZTerminalRegistered,
  ZTerminalRegisterRequest,
  ZTerminalSettings,
} from '@liftguard/contract';
import { z } from 'zod';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditWrite, callerOf } from '../lift/caller.ts';
import { saveUpload } from '../lift/upload.ts';
import * as repo from './repo.ts';
import { readSettings, registerTerminal, removeTerminal, storeUpload } from './service.ts';

const tags = ['terminal'];
const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export const terminalModule: Module = {
  name: 'terminal',
  register(api, ctx) {
    const { db } = ctx;

    api.get(
      '/device/terminal/list',
      {
        schema: {
          tags,
          summary: 'Terminals in scope by type, bound/unbound, online',
          querystring: ZTerminalListQuery,
          response: { 200: dataOf(pageOf(ZTerminal)) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { rows, total } = await repo.listTerminals(db, caller, req.query);
        return {
          data: {
            list: rows.map((r) => ({
              id: r.id,
              terminal_id: r.terminal_id,
              type: r.type,
              face_id: r.face_id,
              version: r.version,
              version_number: versionNumber(r.version),
              company_id: r.company_id,
              online: r.online,
              last_seen_at: iso(r.last_seen_at),
              bound: r.lift_id !== null,
              lift_id: r.lift_id,
              lift_name: r.lift_name,
              created_at: iso(r.created_at) as string,
            })),
            pageNumber: req.query.page,
            totalRow: total,
          },
        };
      },
    );

    api.post(
      '/device/terminal/add',
      {
        schema: {
          tags,
          summary: 'Register a terminal; answers its MQTT secret once',
          body: ZTerminalRegisterRequest,
          response: { 200: dataOf(ZTerminalRegistered) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const t = await registerTerminal(db, caller, req.body);
        await auditWrite(db, req, caller, 'terminal.create', `terminal:${t.terminal_id}`, { type: t.type });
        return { data: t };
      },
    );

    api.post(
      '/device/terminal/delete',
      { schema: { tags, summary: 'Delete an unbound terminal', body: ZIdBody, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        const tid = await removeTerminal(db, caller, req.body.id);
        await auditWrite(db, req, caller, 'terminal.delete', `terminal:${tid}`);
        return { data: true as const };
      },
    );

    api.get(
      '/device/terminal/settings',
      { schema: { tags, summary: 'Terminal default settings of the company', response: { 200: dataOf(ZTerminalSettings) } } },
      async (req) => ({
        data: await readSettings(db, callerOf(req)),
      }),
    );

    api.put(
      '/device/terminal/settings',
      { schema: { tags, summary: 'Store the terminal default settings', body: ZTerminalSettings, response: { 200: ZOk } } },
      async (req) => {
        const caller = callerOf(req);
        await repo.writeSettings(db, caller.companyId, caller.userId, req.body);
        await auditWrite(db, req, caller, 'terminal.settings.update', `company:${caller.companyId}`);
        return { data: true as const };
      },
    );

    api.post(
      '/device/terminal/upload',
      {
        schema: {
          tags,
          summary: 'Upload a file for the terminal settings (multipart: kind = video|image|apk|voice, then file)',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(z.object({ url: z.string(), name: z.string(), file_size: z.number() })) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const up = await saveUpload(req, path.join(ctx.config.dataDir, 'tmp'));
        const kind = z.enum(UPLOAD_KINDS).safeParse(up.fields.kind);
        if (!kind.success) {
          const { rm } = await import('node:fs/promises');
          await rm(up.filePath, { force: true });
          throw new AppError(4001);
        }
        const stored = await storeUpload(ctx.config.filesDir, caller, kind.data, up);
        await auditWrite(db, req, caller, 'terminal.upload', stored.url, { kind: kind.data, size: stored.file_size });
        return { data: stored };
      },
    );
  },
};
