import path from 'node:path';
import { dataOf, OTA_KINDS, ZOtaPackage, ZPortalUpdateRequest, ZPortalUpdateResult } from '@liftguard/contract';
import { z } from 'zod';
import { actorOf, scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditWrite, callerOf } from '../lift/caller.ts';
import { saveUpload } from '../lift/upload.ts';
import { listPackages } from './repo.ts';
import { followUpdates, startUpdate, storePackage } from './service.ts';

const tags = ['ota'];

/** Firmware and terminal-app updates over the air (issue 6). */
export const otaModule: Module = {
  name: 'ota',
  register(api, ctx) {
    followUpdates(ctx);

    api.post(
      '/portal/update',
      {
        schema: {
          tags,
          summary: 'Upgrade terminals to a version (firmware or terminal app); progress follows live',
          body: ZPortalUpdateRequest,
          response: { 200: dataOf(ZPortalUpdateResult) },
        },
      },
      async (req) => {
        const caller = actorOf(req);
        const result = await startUpdate(ctx, caller, req.body);
        await auditWrite(ctx.db, req, callerOf(req), 'ota.update', `version:${req.body.new_version}`, {
          kind: req.body.kind,
          sent: result.sent.map((s) => s.terminal_id),
          latest: result.latest.map((s) => s.terminal_id),
        });
        return { data: result };
      },
    );

    api.post(
      '/portal/package/upload',
      {
        schema: {
          tags,
          summary: 'Upload an update package (multipart: kind = firmware|apk, version, then the file)',
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(ZOtaPackage) },
        },
      },
      async (req) => {
        const caller = actorOf(req);
        const up = await saveUpload(req, path.join(ctx.config.dataDir, 'tmp'));
        const kind = z.enum(OTA_KINDS).safeParse(up.fields.kind);
        if (!kind.success || !up.fields.version) {
          const { rm } = await import('node:fs/promises');
          await rm(up.filePath, { force: true });
          throw new AppError(4046);
        }
        const pkg = await storePackage(ctx, caller, kind.data, up.fields.version.trim(), up);
        await auditWrite(ctx.db, req, callerOf(req), 'ota.package.upload', pkg.url, {
          kind: pkg.kind,
          version: pkg.version,
          sha256: pkg.sha256,
        });
        return { data: pkg };
      },
    );

    api.get(
      '/portal/package/list',
      {
        schema: {
          tags,
          summary: 'Update packages offered to the caller (own company and above)',
          querystring: z.object({ kind: z.enum(OTA_KINDS).optional() }),
          response: { 200: dataOf(z.array(ZOtaPackage)) },
        },
      },
      async (req) => ({ data: await listPackages(ctx.db, scopeOf(req).scopePath, req.query.kind) }),
    );
  },
};
