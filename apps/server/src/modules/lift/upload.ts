import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

/** Save the first multipart file of the request under `dir`; 4048 when there is none, 4051 when too large. */
export async function saveUpload(
  req: FastifyRequest,
  dir: string,
  maxBytes?: number,
): Promise<{ filePath: string; fileName: string; size: number; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError(4048, { reason: 'no_file' });
  const file = await req.file(maxBytes ? { limits: { fileSize: maxBytes } } : undefined);
  if (!file) throw new AppError(4048, { reason: 'no_file' });
  mkdirSync(dir, { recursive: true });
  const ext = path
    .extname(file.filename)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  const filePath = path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}${ext}`);
  await pipeline(file.file, createWriteStream(filePath));
  if (file.file.truncated) {
    await rm(filePath, { force: true });
    throw new AppError(4051);
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(file.fields)) {
    const f = v as { type?: string; value?: unknown } | undefined;
    if (f && f.type === 'field' && typeof f.value === 'string') fields[k] = f.value;
  }
  return { filePath, fileName: file.filename, size: file.file.bytesRead, fields };
}
