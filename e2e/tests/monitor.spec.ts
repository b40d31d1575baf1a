import { errorText } from '@liftguard/contract';
import { expect, type Page, test } from '@playwright/test';
import { LANGUAGE_KEY, LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { DashboardPage, LiftMonitorPage, TerminalUpgradePage } from '../pages/MonitorPages.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';
import { publishAsTerminal, simulatedLift, simulatedTerminals } from '../support/terminal.ts';

// Issues 5 and 6 in the browser: the lift monitor follows a simulated lift, a fault raised by a
// terminal reaches the dashboard, a second sign-in forces the first browser offline, and a
// remote lock asks for the password.

async function signIn(page: Page, username = 'admin', password = ADMIN_PASSWORD, locale: (typeof LOCALES)[number] = 'en-US') {
  const login = new LoginPage(page);
  await login.open(locale);
  await login.signIn(username, password);
  await expect(new Shell(page).avatar).toBeVisible();
}

test('the lift monitor follows a simulated lift floor by floor', async ({ page, request }) => {
  const token = await apiLogin(request);
  const lift = await simulatedLift(request, token, 0);
  await signIn(page);
  const monitor = new LiftMonitorPage(page);
  await monitor.open(lift.id);
  await expect(monitor.car).toBeVisible({ timeout: 30_000 });
  const start = (await monitor.carFloor()) ?? 1;
  const target = start <= 6 ? start + 4 : start - 4;

  const sent = await apiCall(request, token, 'POST', '/api/device/sendmqtt', {
    action: 'call_floor',
    terminal_id: lift.terminal_id,
    data: { floor: target },
    password: ADMIN_PASSWORD,
  });
  expect(sent.body.code, JSON.stringify(sent.body)).toBeUndefined();

  // watch the drawn car: it must pass the floors in between, one at a time, and stop at the target
  const seen: number[] = [start];
  await expect
    .poll(
      async () => {
        const f = await monitor.carFloor();
        if (f !== null && f !== seen.at(-1)) seen.push(f);
        return f;
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(target);
  const leg = seen.slice(seen.lastIndexOf(start));
  const step = target > start ? 1 : -1;
  const expected = Array.from({ length: Math.abs(target - start) + 1 }, (_, i) => start + i * step);
  expect(leg).toEqual(expected);
  await expect(monitor.floorDisplay).toHaveText(String(target));
  await expect(page.getByTestId('state-door')).toHaveText(/Open|Opening|Closing|Closed/);
});

test('a fault raised by a terminal reaches the dashboard counter and the header badge live', async ({ page, request }) => {
  const token = await apiLogin(request);
  const lift = await simulatedLift(request, token, 1);
  await signIn(page);
  await page.goto('/home');
  const dash = new DashboardPage(page);
  await expect(dash.counter('faultCount')).toBeVisible();
  const before = await dash.value('faultCount');
  const badgeBefore = await page.getByTestId('fault-badge').innerText();

  await publishAsTerminal(lift.cred, 'U03', { code: 'TRAP_BETWEEN', floor: 2, floor_display: '2', trapped: true });
  await expect.poll(() => dash.value('faultCount'), { timeout: 15_000 }).toBe(before + 1);
  await expect.poll(() => dash.value('tiringCount'), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('fault-badge')).not.toHaveText(badgeBefore);

  await publishAsTerminal(lift.cred, 'U04', { code: 'TRAP_BETWEEN' });
  await expect.poll(() => dash.value('faultCount'), { timeout: 15_000 }).toBe(before);
});

test('a second sign-in shows the forced-offline dialog in the first browser, then the login page', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, 'hxoperator', DEMO_PASSWORD);
  await a.goto('/monitor');
  await signIn(b, 'hxoperator', DEMO_PASSWORD);

  const dialog = a.locator('.ant-modal-confirm').filter({ hasText: 'You have been signed out' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(a, 'forced-offline', 'en-US');
  await dialog.getByRole('button', { name: 'Sign in again' }).click();
  await expect(a).toHaveURL(/\/login$/);
  await first.close();
  await second.close();
});

test('a remote lock with a wrong password is refused, with the right one acknowledged by the lift', async ({ page, request }) => {
  const token = await apiLogin(request);
  const lift = await simulatedLift(request, token, 2);
  await signIn(page);
  const monitor = new LiftMonitorPage(page);
  await monitor.open(lift.id);

  await monitor.command('lock', 'Wrong#Password9');
  const error = page.getByTestId('command-error');
  await expect(error).toHaveAttribute('data-code', '4047');
  await expect(error).toContainText(errorText(4047, 'en-US'));
  await keepScreenshot(page, 'command-wrong-password', 'en-US');

  await monitor.commandModal.getByTestId('command-password').fill(ADMIN_PASSWORD);
  await monitor.commandModal.locator('.ant-btn-primary').click();
  await expect(monitor.commandModal).toBeHidden();
  const row = page.locator('[data-testid="command-row"][data-action="lock"]');
  await expect(row.first()).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  await expect(page.getByTestId('state-run')).toHaveText('Locked', { timeout: 20_000 });

  // leave the lift in service for the others
  await monitor.command('unlock', ADMIN_PASSWORD);
  await expect(page.locator('[data-testid="command-row"][data-action="unlock"]').first()).toHaveAttribute('data-state', 'succeeded', {
    timeout: 20_000,
  });
});

test('a firmware upgrade of three simulated terminals shows progress and success; the already-latest dialog shows both versions', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const ids = (await simulatedTerminals()).slice(3, 6).map((c) => c.id);
  const up = await request.post('/api/portal/package/upload', {
    headers: { authorization: token },
    multipart: {
      kind: 'firmware',
      version: 'V_9001',
      file: { name: 'liftguard-fw.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('LiftGuard firmware image for e2e') },
    },
  });
  const upBody = await up.json();
  expect(upBody.code, JSON.stringify(upBody)).toBeUndefined();

  await signIn(page);
  const terminals = new TerminalUpgradePage(page);
  await terminals.open();
  await page.locator('input[placeholder="Terminal id"]').fill('T0040000');
  await page.locator('input[placeholder="Terminal id"]').press('Enter');
  await terminals.select(ids);
  await terminals.upgrade('V_9001');
  const progress = page.getByTestId('ota-progress');
  await expect(progress.locator('tr[data-terminal]')).toHaveCount(3);
  for (const id of ids)
    await expect(progress.locator(`tr[data-terminal="${id}"]`)).toHaveAttribute('data-stage', 'success', { timeout: 45_000 });
  await expect(page.getByText('Remote upgrade version success').first()).toBeVisible();
  await keepScreenshot(page, 'ota-progress', 'en-US');
  await page.locator('.ant-modal').filter({ has: progress }).locator('.ant-btn-primary').click();

  // the terminals now run V_9001: asking for V_0001 shows both versions instead of upgrading
  await expect
    .poll(
      async () => {
        const r = await apiCall<{ list: { terminal_id: string; version: string | null }[] }>(
          request,
          token,
          'GET',
          '/api/device/terminal/list?page=1&size=24&keyword=T0040000',
        );
        return (r.body.data?.list ?? []).filter((t) => ids.includes(t.terminal_id) && t.version === 'V_9001').length;
      },
      { timeout: 45_000 },
    )
    .toBe(3);
  await terminals.upgrade('V_0001');
  const latest = page.getByTestId('ota-latest');
  await expect(latest).toBeVisible();
  await expect(latest.locator('tr.ant-table-row')).toHaveCount(3);
  await expect(latest).toContainText('V_9001');
  await expect(latest).toContainText('V_0001');
  await keepScreenshot(page, 'ota-latest', 'en-US');
});

test('monitor screens in three languages (screenshots)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiLogin(request);
  const lift = await simulatedLift(request, token, 3);
  await signIn(page);
  for (const locale of LOCALES) {
    await page.evaluate(([k, v]) => localStorage.setItem(k as string, v as string), [LANGUAGE_KEY, locale]);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('chart-fault-month').locator('canvas')).toBeVisible();
    await keepScreenshot(page, 'dashboard', locale);
    await page.goto('/monitor');
    await expect(page.getByTestId('monitor-tile').first()).toBeVisible();
    await keepScreenshot(page, 'monitor-list', locale);
    await page.goto(`/device/monitor/${lift.id}`);
    await expect(page.getByTestId('lift-car')).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, 'monitor-detail', locale);
    await page.goto('/system/settings');
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await keepScreenshot(page, 'settings', locale);
    await page.goto('/dev/terminal_exception');
    await expect(page.locator('.ant-table')).toBeVisible();
    await keepScreenshot(page, 'terminal-exception', locale);
  }
});
