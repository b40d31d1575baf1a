import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APK_FILE_NAME } from '@liftguard/contract';
import { SimTerminal } from '@liftguard/simulator';
import { expect, type Page, test } from '@playwright/test';
import { LOCALES, type Locale, LoginPage, Shell } from '../pages/LoginPage.ts';
import { PackageUploadDialog, SettingsPushDialog } from '../pages/OtaPages.ts';
import { ADMIN_PASSWORD, E2E_PORT } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';

// Issue 6 in the browser: pushing the terminal default settings to a terminal (not configured →
// sent → configured once the simulated terminal confirms) and uploading the terminal app package
// (refused unless it is the .apk under its fixed name; progress, then version, size and checksum).

type OtaTexts = { config: Record<'not_configured' | 'sent' | 'configured', string>; check: Record<string, string> };
const texts = (locale: Locale): OtaTexts =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/i18n/${locale}/ota.json`), 'utf8')) as OtaTexts;

async function signIn(page: Page, locale: Locale) {
  const login = new LoginPage(page);
  await login.open(locale);
  await login.signIn('admin', ADMIN_PASSWORD);
  await expect(new Shell(page).avatar).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

// tall enough for the whole page, so full-page screenshots show the dialogs whole
test.use({ viewport: { width: 1280, height: 1200 } });

const sims: SimTerminal[] = [];
test.afterAll(async () => {
  for (const s of sims) await s.stop();
});

for (const locale of LOCALES) {
  test(`settings push (${locale}): not configured → sent while offline → configured when the simulated terminal confirms`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const token = await apiLogin(request);
    // a terminal of its own, offline until the test brings its simulator up
    const terminalId = `T09${randomInt(100_000, 999_999)}`;
    const reg = await apiCall<{ mqtt_username: string; mqtt_secret: string }>(request, token, 'POST', '/api/device/terminal/add', {
      terminal_id: terminalId,
    });
    expect(reg.body.code, JSON.stringify(reg.body)).toBeUndefined();

    // save the company's terminal default settings: their save time is the revision pushed
    const current = await apiCall<Record<string, unknown>>(request, token, 'GET', '/api/device/terminal/settings');
    const saved = await apiCall(request, token, 'PUT', '/api/device/terminal/settings', current.body.data);
    expect(saved.body.code, JSON.stringify(saved.body)).toBeUndefined();

    await signIn(page, locale);
    const dialog = new SettingsPushDialog(page);
    await dialog.open();
    await expect(dialog.state(terminalId)).toHaveText(t.config.not_configured);
    await keepScreenshot(page, 'settings-push-not-configured', locale);

    await dialog.push(terminalId);
    // offline: the push waits as "sent" until the terminal is heard from
    await expect(dialog.state(terminalId)).toHaveText(t.config.sent);
    await expect(dialog.row(terminalId).locator('td').nth(2)).toHaveText(/^— \/ \d\d-\d\d /);
    await keepScreenshot(page, 'settings-push-sent', locale);

    const sim = new SimTerminal({
      url: `mqtt://127.0.0.1:${E2E_PORT + 1}`,
      id: terminalId,
      secret: reg.body.data?.mqtt_secret as string,
      traffic: false,
      statusIntervalMs: 60_000,
      heartbeatMs: 2_000,
    });
    sims.push(sim);
    await sim.start();
    await expect(dialog.state(terminalId)).toHaveText(t.config.configured, { timeout: 30_000 });
    // the terminal reports the revision it runs, equal to the current one (the save time of the settings)
    const rev = (await dialog.row(terminalId).locator('td').nth(2).innerText()).split(' / ').map((s) => s.trim());
    expect(rev[0]).toBe(rev[1]);
    expect(rev[0]).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d$/);
    await keepScreenshot(page, 'settings-push-configured', locale);

    const states = await apiCall<{ list: { terminal_id: string; state: string }[] }>(
      request,
      token,
      'GET',
      '/api/terminal/settings/states?page=1&size=12',
    );
    expect(states.body.data?.list.find((s) => s.terminal_id === terminalId)?.state).toBe('configured');
    await sim.stop();
  });
}

for (const locale of LOCALES) {
  test(`app package upload (${locale}): wrong file refused with the message; the apk uploads with progress, version, size and checksum`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const t = texts(locale);
    await signIn(page, locale);
    const dialog = new PackageUploadDialog(page);
    await dialog.open();
    const version = `V_${randomInt(1000, 9999)}-${locale}`;
    const apk = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300_000, 0x41)]);

    // not an apk
    await dialog.fill(version, { name: 'LiftGuardTerminal.zip', mimeType: 'application/zip', buffer: apk });
    await dialog.submit();
    await expect(dialog.problem).toHaveText(t.check.apkExt as string);
    await keepScreenshot(page, 'ota-upload-not-apk', locale);
    // an apk under another name
    await dialog.fill(version, { name: 'terminal-app.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await dialog.submit();
    await expect(dialog.problem).toHaveText((t.check.name as string).replace('{{name}}', APK_FILE_NAME));
    await expect(dialog.result).toHaveCount(0);

    // the right file: progress, then what was stored
    await dialog.fill(version, { name: APK_FILE_NAME, mimeType: 'application/vnd.android.package-archive', buffer: apk });
    await expect(dialog.problem).toHaveCount(0);
    await dialog.submit();
    await expect(dialog.progress).toBeVisible();
    await expect(dialog.result).toBeVisible({ timeout: 20_000 });
    await expect(dialog.progress).toHaveAttribute('data-percent', '100');
    await expect(dialog.result.getByTestId('ota-upload-result-version')).toHaveText(version);
    await expect(dialog.result.getByTestId('ota-upload-result-size')).toContainText(`${apk.length} B`);
    await expect(dialog.result.getByTestId('ota-upload-result-sha256')).toContainText(createHash('sha256').update(apk).digest('hex'));
    await keepScreenshot(page, 'ota-upload-done', locale);

    // opened again, the dialog starts afresh
    await dialog.close();
    await dialog.open();
    await expect(dialog.result).toHaveCount(0);
  });
}
