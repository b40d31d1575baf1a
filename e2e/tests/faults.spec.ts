import fs from 'node:fs';
import path from 'node:path';
import { faultName } from '@liftguard/contract/alerts/fault-codes';
import { expect, type Page, test } from '@playwright/test';
import { FaultPage, PusherPage } from '../pages/FaultPages.ts';
import { LANGUAGE_KEY, LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { ADMIN_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';
import { publishAsTerminal, simulatedLift } from '../support/terminal.ts';

// Issue 7 in the browser: a simulated terminal traps passengers, the header badge and the
// 3-second notice appear, the trapped-persons modal lists the lift, the fault is processed and
// the badge drops. Screenshots of the fault screens in three languages.

const SMS_EN = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../apps/web/src/i18n/en-US/sms.json'), 'utf8')) as {
  status: Record<string, string>;
  reason: Record<string, string>;
};

async function signIn(page: Page, locale: (typeof LOCALES)[number] = 'en-US') {
  const login = new LoginPage(page);
  await login.open(locale);
  await login.signIn('admin', ADMIN_PASSWORD);
  await expect(new Shell(page).avatar).toBeVisible();
}

test('trapped passengers: badge and notice appear, the trapped modal lists the lift, processing drops the badge', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const lift = await simulatedLift(request, token, 2);
  await signIn(page);
  const faults = new FaultPage(page);
  await faults.open();
  const count = async () => ((await apiCall<{ count: number }>(request, token, 'GET', '/api/fault/count')).body.data?.count ?? 0) as number;
  const before = await count();

  await publishAsTerminal(lift.cred, 'U03', { code: 'TRAP_FLOOR', floor: 3, floor_display: '3', trapped: true });
  // the 3-second notice with lift and fault name
  const notice = page.locator('.ant-notification-notice').filter({ hasText: lift.name });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText(faultName('TRAP_FLOOR', 'en-US'));
  await keepScreenshot(page, 'fault-notice', 'en-US');
  await expect(notice).toBeHidden({ timeout: 8_000 });
  // the badge follows the open-fault count up (the demo fleet may raise others meanwhile)
  await expect.poll(() => count(), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect.poll(async () => (await faults.badgeCount()) === Math.min(await count(), 99), { timeout: 15_000 }).toBe(true);
  expect(await faults.badgeCount()).toBeGreaterThan(Math.min(before, 98));

  // the trapped-persons modal lists the lift with its alarm contacts
  await faults.trappedButton.click();
  await expect(faults.trappedTable.locator('tbody tr').filter({ hasText: lift.name })).toBeVisible({ timeout: 15_000 });
  await expect(faults.trappedTable).toContainText(lift.terminal_id);
  await keepScreenshot(page, 'fault-trapped-modal', 'en-US');
  await page.keyboard.press('Escape');
  await expect(faults.trappedTable).toBeHidden();

  // the dashboard's trapped counter opens the same modal
  await page.goto('/home');
  const trappedCounter = page.getByTestId('counter-tiringCount');
  await expect
    .poll(async () => Number((await trappedCounter.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, '')), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await trappedCounter.click();
  await expect(faults.trappedTable.locator('tbody tr').filter({ hasText: lift.name })).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, 'dashboard-trapped-modal', 'en-US');
  await page.keyboard.press('Escape');
  await expect(faults.trappedTable).toBeHidden();

  // process it from the list: who and when are shown afterwards, and the badge drops
  const list = await apiCall<{ list: { id: number; code: string }[] }>(
    request,
    token,
    'GET',
    `/api/fault/list?page=1&size=12&orderKey=id&orderMethod=desc&lift_id=${lift.id}&state=untreated&code=TRAP_FLOOR`,
  );
  const faultId = list.body.data?.list[0]?.id as number;
  expect(faultId).toBeGreaterThan(0);
  await page.getByTestId('fault-badge').click();
  await expect(faults.row(faultId)).toBeVisible({ timeout: 15_000 });
  const open = await count();
  const badgeOpen = await faults.badgeCount();
  await faults.process(faultId, 'Passengers released by the maintainer');
  await expect(faults.row(faultId)).toContainText('Passengers released by the maintainer');
  await expect(faults.row(faultId)).toContainText('Processed');
  // who and when: the handler's name and today's date in the "handled" column
  await expect(faults.row(faultId).locator('td').nth(8)).toContainText(new Date().toISOString().slice(0, 4));
  // it leaves the open faults, and the badge follows the count (the demo fleet raises and clears
  // faults of its own meanwhile, so the count is compared with itself, not with a number from before)
  const stillOpen = async () =>
    (
      await apiCall<{ list: { id: number }[] }>(
        request,
        token,
        'GET',
        `/api/fault/list?page=1&size=24&lift_id=${lift.id}&state=untreated&code=TRAP_FLOOR`,
      )
    ).body.data?.list.some((f) => f.id === faultId);
  await expect.poll(stillOpen, { timeout: 15_000 }).toBe(false);
  await expect.poll(async () => (await faults.badgeCount()) === Math.min(await count(), 99), { timeout: 15_000 }).toBe(true);
  expect(badgeOpen).toBeGreaterThan(0);
  expect(open).toBeGreaterThan(0);
  await keepScreenshot(page, 'fault-list-processed', 'en-US');

  // the fault's SMS (sent, or not sent with the reason) is on the SMS tab, found by the lift name
  type Sms = { id: number; status: string; reason: string | null };
  const smsOf = async () =>
    (await apiCall<{ list: Sms[] }>(request, token, 'GET', `/api/sms/list?page=1&size=12&lift_id=${lift.id}&orderKey=id&orderMethod=desc`))
      .body.data?.list ?? [];
  await expect.poll(async () => (await smsOf()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const sms = (await smsOf())[0] as Sms;
  await faults.tab(2).click();
  await page.getByTestId('sms-search').locator('input').fill(lift.name);
  await page.getByTestId('sms-search').locator('input').press('Enter');
  const smsRow = page.getByTestId('sms-table').locator(`tr[data-row-key="${sms.id}"]`);
  await expect(smsRow).toBeVisible({ timeout: 15_000 });
  await expect(smsRow).toContainText(lift.name);
  await expect(smsRow).toContainText(SMS_EN.status[sms.status] ?? sms.status);
  if (sms.reason) await expect(page.getByTestId(`sms-reason-${sms.id}`)).toHaveText(SMS_EN.reason[sms.reason] ?? sms.reason);
  await keepScreenshot(page, 'fault-sms-of-lift', 'en-US');
});

test('fault, SMS and regulatory push screens in three languages', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const faults = new FaultPage(page);
  for (const locale of LOCALES) {
    await page.evaluate(([k, v]) => localStorage.setItem(k as string, v as string), [LANGUAGE_KEY, locale]);
    await faults.open();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await keepScreenshot(page, 'fault-list', locale);
    await faults.tab(1).click();
    await expect(page.getByTestId('fault-settings').locator('tbody tr').first()).toBeVisible();
    await keepScreenshot(page, 'fault-settings', locale);
    await faults.tab(2).click();
    await expect(page.getByTestId('sms-usage-chart').locator('canvas')).toBeVisible();
    await keepScreenshot(page, 'fault-sms', locale);
    const pusher = new PusherPage(page);
    await pusher.open();
    await keepScreenshot(page, 'pusher-accounts', locale);
  }
});
