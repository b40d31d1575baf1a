import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../output/screenshots');

/** Keep a full-page screenshot under e2e/output/screenshots/<name>.<locale>.png for people to look at. */
export async function keepScreenshot(page: Page, name: string, locale: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.${locale}.png`), fullPage: true });
}
