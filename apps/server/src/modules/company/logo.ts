import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_BYTES, LOGO_RULES } from '@liftguard/contract';
import { imageSize } from 'image-size';
import { AppError } from '../../platform/errors.ts';

const EXT: Record<string, string> = { png: 'png', jpg: 'jpg', webp: 'webp' };

/** Check an uploaded logo (raster image, size cap, about 207×40) and store it; answers its /f/ URL. */
export async function storeLogo(filesDir: string, data: Buffer): Promise<string> {
  if (data.length > LOGO_MAX_BYTES) throw new AppError(4051);
  let dims: { width: number; height: number; type?: string };
  try {
    dims = imageSize(data);
  } catch {
    throw new AppError(4127);
  }
  const ext = dims.type ? EXT[dims.type] : undefined;
  if (!ext) throw new AppError(4127);
  checkLogoSize(dims.width, dims.height);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const dir = path.join(filesDir, 'logos');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), data);
  return `/f/logos/${name}`;
}

export function checkLogoSize(width: number, height: number): void {
  const ratio = height > 0 ? width / height : 0;
  if (width < LOGO_RULES.minWidth || width > LOGO_RULES.maxWidth || ratio < LOGO_RULES.minRatio || ratio > LOGO_RULES.maxRatio) {
    throw new AppError(4128, { width, height });
  }
}
