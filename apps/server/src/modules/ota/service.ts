import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { FIRMWARE_EXT, type TOtaKind, type TOtaPackage, UPLOAD_RULES, versionNumber, type ZPortalUpdateResult } from '@liftguard/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { commandCenterOf } from '../command/center.ts';
import { checkUpload } from '../terminal/service.ts';
import * as repo from './repo.ts';

export type OtaCaller = Pick<Actor, 'userId' | 'username' | 'companyId' | 'scopePath' | 'communityIds' | 'isRoot' | 'ip'>;

async function fileDigest(file: string): Promise<{ sha256: string; head: Buffer }> {
  const h = createHash('sha256');
  let head: Buffer | null = null;
  for await (const c of createReadStream(file)) {
    const b = c as Buffer;
    head ??= b.subarray(0, 16);
    h.update(b);
  }
  return { sha256: h.digest('hex'), head: head ?? Buffer.alloc(0) };
}

/**
 * Store an uploaded package: an apk only as `.apk` under the product's fixed file name (the
 * registry's upload rule, 4153), firmware as a `.bin`; size > 0; a version whose characters 3–6
 * are four digits (4201). Kept in the file store under /f/ota/, offered with its SHA-256.
 */
export async function storePackage(
  ctx: AppContext,
  caller: OtaCaller,
  kind: TOtaKind,
  version: string,
  up: { filePath: string; fileName: string; size: number },
): Promise<TOtaPackage> {
  try {
    const number = versionNumber(version);
    if (number === null || version.length > 32) throw new AppError(4201);
    const { sha256, head } = await fileDigest(up.filePath);
    let ext: string;
    if (kind === 'apk') ext = checkUpload('apk', up.fileName, up.size, head);
    else {
      ext = up.fileName.toLowerCase().split('.').pop() ?? '';
      if (ext !== FIRMWARE_EXT || up.size <= 0 || up.size > UPLOAD_RULES.apk.maxBytes) throw new AppError(4153);
    }
    if (await repo.packageExists(ctx.db, caller.companyId, kind, version)) throw new AppError(4206);
    const safe = version.replace(/[^A-Za-z0-9._-]/g, '_');
    const rel = path.join('ota', String(caller.companyId), `${kind}-${safe}-${sha256.slice(0, 12)}.${ext}`);
    await mkdir(path.join(ctx.config.filesDir, path.dirname(rel)), { recursive: true });
    await rename(up.filePath, path.join(ctx.config.filesDir, rel));
    return await repo.insertPackage(ctx.db, {
      company_id: caller.companyId,
      kind,
      version,
      version_number: number,
      file_name: up.fileName.slice(0, 100),
      url: `/f/${rel.split(path.sep).join('/')}`,
      sha256,
      size: up.size,
      created_by: caller.userId,
    });
  } finally {
    await rm(up.filePath, { force: true });
  }
}

/**
 * POST /portal/update: every named terminal must be in scope (4092); versions compare on the
 * four digits of characters 3–6. Terminals at or above the target are answered in `latest`
 * with both versions; the others get an `update` command with the package URL and checksum
 * (4202 when no package of that version was uploaded by the caller's company or above it).
 * Answers once the rollout is validated and its commands are queued: they are published in
 * the background (CommandCenter.enqueueMany), each terminal's progress follows live.
 */
export async function startUpdate(
  ctx: AppContext,
  caller: OtaCaller,
  req: { list: string[]; new_version: string; kind: TOtaKind },
): Promise<z.infer<typeof ZPortalUpdateResult>> {
  const target = versionNumber(req.new_version);
  if (target === null) throw new AppError(4201);
  const ids = [...new Set(req.list)];
  const terminals = await repo.terminalsInScope(ctx.db, caller, ids);
  if (terminals.length !== ids.length) throw new AppError(4092);
  const latest: z.infer<typeof ZPortalUpdateResult>['latest'] = [];
  const todo = terminals.filter((t) => {
    const current = versionNumber(t.version);
    if (current !== null && current >= target) {
      latest.push({ terminal_id: t.terminal_id, current_version: t.version, new_version: req.new_version, cmd_id: null });
      return false;
    }
    return true;
  });
  if (todo.length === 0) return { sent: [], latest };
  const pkg = await repo.packageFor(ctx.db, caller.scopePath, req.kind, req.new_version);
  if (!pkg) throw new AppError(4202);
  const command = {
    action: 'update',
    kind: req.kind,
    version: req.new_version,
    url: pkg.url,
    sha256: pkg.sha256,
    size: Number(pkg.size),
  } as const;
  const rows = await commandCenterOf(ctx).enqueueMany(
    todo.map((t) => ({
      terminalId: t.terminal_id,
      liftId: t.lift_id,
      liftName: t.lift_name,
      companyId: t.company_id,
      scope: t.scope,
      command,
      user: { id: caller.userId, name: caller.username },
      ip: caller.ip,
    })),
  );
  const sent = todo.map((t, k) => ({
    terminal_id: t.terminal_id,
    current_version: t.version,
    new_version: req.new_version,
    cmd_id: rows[k]?.id ?? null,
  }));
  return { sent, latest };
}

const followed = new WeakSet<AppContext>();
/** A successful update sets the terminal's version (its next heartbeat carries the same). */
export function followUpdates(ctx: AppContext): void {
  if (followed.has(ctx)) return;
  followed.add(ctx);
  commandCenterOf(ctx).onTransition(async (row) => {
    if (row.action !== 'update' || row.state !== 'succeeded') return;
    const version = row.params.version;
    if (typeof version === 'string') await repo.setTerminalVersion(ctx.db, row.terminal_id, version);
  });
}
