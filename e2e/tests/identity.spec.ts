import { errorText } from '@liftguard/contract';
import { expect, test } from '@playwright/test';
import { LANGUAGE_KEY, LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';

// Issue 2: sign in in each language, wrong password, a second sign-in ends the first,
// the route guard, the language surviving a reload, and a password reset by a code.

for (const locale of LOCALES) {
  test(`signs in and lands in the shell in ${locale}`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.open(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await keepScreenshot(page, 'login', locale);
    await login.signIn('admin', ADMIN_PASSWORD);
    const shell = new Shell(page);
    await shell.expectSignedInAs('Administrator');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle(/LiftGuard/);
    await keepScreenshot(page, 'shell-home', locale);
  });
}

test('a wrong password is refused with the catalogue message in the chosen language', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open('en-US');
  await login.signIn('admin', 'Wrong#Password1');
  await expect(page.getByText(errorText(4012, 'en-US'))).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a second sign-in elsewhere ends the first session', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await new LoginPage(a).open('en-US');
  await new LoginPage(a).signIn('hxoperator', DEMO_PASSWORD);
  await new Shell(a).expectSignedInAs('Zhang Min');

  await new LoginPage(b).open('en-US');
  await new LoginPage(b).signIn('hxoperator', DEMO_PASSWORD);
  await new Shell(b).expectSignedInAs('Zhang Min');

  // The first browser is told (live push, or its next call answers 403) and ends at the login page.
  await a.reload();
  await expect(a).toHaveURL(/\/login/, { timeout: 15_000 });
  await first.close();
  await second.close();
});

test('a route the user holds no key for goes to the 403 page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open('en-US');
  await login.signIn('hxworker', DEMO_PASSWORD);
  await new Shell(page).expectSignedInAs('Wang Qiang');
  await page.goto('/dev/res');
  await expect(page).toHaveURL(/\/403$/);
  await keepScreenshot(page, 'forbidden', 'en-US');
});

test('the chosen language survives a reload and is reported to the server', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.open('zh-CN');
  await login.signIn('gfmanager', DEMO_PASSWORD);
  await new Shell(page).expectSignedInAs('Chen Jing');
  const reported = page.waitForRequest((r) => r.url().includes('/api/changelang') && r.url().includes('pt-PT'));
  await page.getByTestId('language-switch').click();
  await page.getByText('Português', { exact: false }).first().click();
  await reported;
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('pt-PT');
  // The server answers this user in Portuguese from now on.
  const token = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.includes('token'))?.[1] ?? '');
  const res = await apiCall(request, token, 'PUT', '/api/user/setcompany', { id: 999_999 });
  expect(res.body.msg).toBe(errorText(res.body.code ?? -1, 'pt-PT'));
});

test('a password is reset with a code read from the outbox', async ({ page, request }) => {
  await page.goto('/set_pwd_page');
  const form = page.getByTestId('reset-form');
  await expect(form).toBeVisible();
  await form.locator('input[id$="target"]').fill('13800138004');
  await page.getByTestId('send-code').click();

  const admin = await apiLogin(request, 'admin', ADMIN_PASSWORD);
  let code = '';
  await expect
    .poll(async () => {
      const res = await apiCall<{ list: Array<{ body: string }> }>(request, admin, 'GET', '/api/dev/outbox/list?target=13800138004');
      code = /\b(\d{6})\b/.exec(res.body.data?.list[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  await form.locator('input[id$="code"]').fill(code);
  await form.locator('input[id$="newPassword"]').fill('Fresh#Pass2026');
  await form.locator('input[id$="confirmPassword"]').fill('Fresh#Pass2026');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login/);

  const login = new LoginPage(page);
  await login.signIn('gfmanager', 'Fresh#Pass2026');
  await new Shell(page).expectSignedInAs('Chen Jing');
});
