import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  APK_FILE_NAME,
  DEFAULT_TERMINAL_SETTINGS,
  type TTerminalSettings,
  type TUploadKind,
  terminalFamily,
  UPLOAD_RULES,
  ZTerminalSettings,
} from '@liftguard/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { Caller } from '../lift/service.ts';
import { withUniqueMapping } from '../lift/service.ts';
import * as repo from './repo.ts';

/**
 * Register a terminal for the caller's company. Its type comes from the id family (4145 when
 * none). A fresh MQTT secret is issued; only its SHA-256 is stored (same scheme as session
 * tokens: a 256-bit random secret needs no slow hash) and the secret is answered once.
 */
export async function registerTerminal(
  db: Database,
  caller: Caller,
  input: { terminal_id: string; face_id?: string | null | undefined; version?: string | null | undefined },
) {
  const type = terminalFamily(input.terminal_id);
  if (!type) throw new AppError(4145);
  if (type === 'f' && !input.face_id) throw new AppError(4148);
  if (await repo.terminalExists(db, input.terminal_id)) throw new AppError(4154);
  const secret = newToken();
  const id = await withUniqueMapping(() =>
    repo.insertTerminal(db, {
      terminal_id: input.terminal_id,
      type,
      face_id: input.face_id ?? null,
      version: input.version ?? null,
      company_id: caller.companyId,
      mqtt_secret_hash: hashToken(secret),
    }),
  );
  return { id, terminal_id: input.terminal_id, type, mqtt_username: input.terminal_id, mqtt_secret: secret };
}

export async function removeTerminal(db: Database, caller: Caller, id: number): Promise<string> {
  const t = await repo.findTerminal(db, caller, id);
  if (!t) throw new AppError(4064);
  if (t.lift_id !== null) throw new AppError(4155);
  await repo.deleteTerminal(db, id);
  return t.terminal_id;
}

/** Stored settings over the defaults, so a partly stored document still answers every field. */
export function mergeSettings(stored: unknown): TTerminalSettings {
  const merged = { ...DEFAULT_TERMINAL_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = ZTerminalSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_TERMINAL_SETTINGS;
}

export async function readSettings(db: Database, caller: Caller): Promise<TTerminalSettings> {
  const row = await repo.readSettings(db, caller.companyId);
  return mergeSettings(row?.j_settings);
}

/** The upload rules of SPEC.md §5: allowed types and sizes per kind; apk only under its fixed name. */
export function checkUpload(kind: TUploadKind, fileName: string, size: number, head: Buffer): string {
  const rule = UPLOAD_RULES[kind];
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (!rule.ext.includes(ext) || size <= 0 || size > rule.maxBytes) throw new AppError(4153);
  if (kind === 'apk' && fileName !== APK_FILE_NAME) throw new AppError(4153);
  if (!magicMatches(ext, head)) throw new AppError(4153);
  return ext;
}

/** Content sniffing so a renamed file of another type is refused. */
export function magicMatches(ext: string, b: Buffer): boolean {
  const at = (i: number, s: string) => b.subarray(i, i + s.length).toString('latin1') === s;
  switch (ext) {
    case 'png':
      return b[0] === 0x89 && at(1, 'PNG');
    case 'jpg':
    case 'jpeg':
      return b[0] === 0xff && b[1] === 0xd8;
    case 'apk':
      return at(0, 'PK\u0003\u0004');
    case 'mp4':
      return at(4, 'ftyp');
    case 'mp3':
      return at(0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
    case 'wav':
      return at(0, 'RIFF') && at(8, 'WAVE');
    default:
      return false;
  }
}

async function readHead(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of createReadStream(file, { start: 0, end: 15 })) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Move an uploaded temp file into the file store (served at /f/) after the checks. */
export async function storeUpload(
  filesDir: string,
  caller: Caller,
  kind: TUploadKind,
  up: { filePath: string; fileName: string; size: number },
): Promise<{ url: string; name: string; file_size: number }> {
  try {
    const ext = checkUpload(kind, up.fileName, up.size, await readHead(up.filePath));
    const rel = path.join('terminal', String(caller.companyId), `${kind}-${path.basename(up.filePath, path.extname(up.filePath))}.${ext}`);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(filesDir, path.dirname(rel)), { recursive: true });
    await rename(up.filePath, path.join(filesDir, rel));
    return { url: `/f/${rel.split(path.sep).join('/')}`, name: up.fileName.slice(0, 100), file_size: up.size };
  } catch (e) {
    await rm(up.filePath, { force: true });
    throw e;
  }
}
