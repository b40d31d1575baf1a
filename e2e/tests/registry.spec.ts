import { errorText, LIFT_IMPORT_COLUMNS } from '@liftguard/contract';
import { type Page, test } from '@playwright/test';
import { LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { useLocale } from '../pages/OrgPages.ts';
import { confirmPopover, expect, expectToast, fieldError, formItem, ImportDialog, LiftListScreen } from '../pages/RegistryPages.ts';
import { ADMIN_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';

// Issue 4 in the browser: create a lift with a wrong floor count and read the error, import the
// template with 200 rows and watch the progress, find a lift on the map, delete and restore, mark
// a favourite; every registry screen kept as a screenshot in zh-CN, en-US and pt-PT.

const RUN = Date.now().toString(36).slice(-5);
const LIFT_NAME = `E2E Lift ${RUN}`;
const LIFT_CODE = `E2E-${RUN}`;
const TAKEN_CODE = `E2E-TAKEN-${RUN}`;
const EN = 'en-US';

type Lift = { id: number; name: string; code: string; favourite: boolean };

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.open(EN);
  await login.signIn('admin', ADMIN_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(new Shell(page).avatar).toBeVisible();
}

async function findLift(request: Parameters<typeof apiLogin>[0], token: string, keyword: string, list = 'list'): Promise<Lift | undefined> {
  const r = await apiCall<{ list: Lift[] }>(request, token, 'GET', `/api/device/${list}?keyword=${encodeURIComponent(keyword)}`);
  return r.body.data?.list.find((l) => l.code === keyword || l.name === keyword);
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test('a lift with a wrong floor count is refused on the floors field; a taken number on the number field; then it is created', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const taken = await apiCall(request, token, 'POST', '/api/device/add', { name: `Taken ${RUN}`, code: TAKEN_CODE, positive_floors: 5 });
  expect(taken.body.data).toBeTruthy();
  await signIn(page);

  const lifts = new LiftListScreen(page);
  await lifts.open();
  await lifts.openCreate();
  await lifts.fill('Lift name', LIFT_NAME);
  await lifts.fill('Lift number', TAKEN_CODE);
  await lifts.fill('Floors above ground', '70');
  await lifts.save();
  await expect(lifts.fieldError('Floors above ground')).toHaveText(errorText(4140, EN));

  // within range, but the number belongs to another lift: the server's 4062 lands on the number field
  await lifts.fill('Floors above ground', '12');
  await lifts.fill('Latitude', '22.5431');
  await lifts.fill('Longitude', '114.0579');
  await lifts.save();
  await expect(lifts.fieldError('Lift number')).toHaveText(errorText(4062, EN));
  await keepScreenshot(page, 'registry-lift-form-error', EN);

  await lifts.fill('Lift number', LIFT_CODE);
  await lifts.save();
  await expectToast(page, 'Saved');
  await expect(lifts.form).toBeHidden();
  await lifts.search(LIFT_CODE);
  await expect(lifts.row(LIFT_CODE)).toContainText(LIFT_NAME);
  const created = await findLift(request, token, LIFT_CODE);
  expect(created?.name).toBe(LIFT_NAME);
});

test('the import template with 200 rows uploads, its progress runs to the end and refused rows are reported by row and reason', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  await signIn(page);
  const lifts = new LiftListScreen(page);
  await lifts.open();
  await page.getByTestId('lift-import').click();
  const dialog = new ImportDialog(page);
  await expect(dialog.modal).toBeVisible();

  const download = page.waitForEvent('download');
  await dialog.modal.getByRole('button', { name: 'Download template' }).click();
  expect((await download).suggestedFilename()).toBe('lift-import-template.xlsx');

  // the template's columns, 200 rows: every 40th has a non-numeric floor (4049)
  const bad = new Set([10, 50, 90, 130, 170]);
  const lines = [LIFT_IMPORT_COLUMNS.join(',')];
  for (let i = 0; i < 200; i++) {
    const cells: Record<string, string> = {
      name: `Imported ${RUN} ${i}`,
      code: `IMP-${RUN}-${i}`,
      j_floors: bad.has(i) ? '"B1,1,2"' : '"-1,1,2,3,4,5"',
      brand: 'OTIS',
      is_through_door: '0',
      speed: '1.75',
      load: '1000',
    };
    lines.push(LIFT_IMPORT_COLUMNS.map((c) => cells[c] ?? '').join(','));
  }
  await dialog.upload(`lifts-${RUN}.csv`, `${lines.join('\n')}\n`);
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  const job = page.getByTestId('import-job');
  await expect(job).toBeVisible();
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await expect(job).toContainText(`lifts-${RUN}.csv imported`, { timeout: 90_000 });
  await expect(job.locator('.ant-statistic').filter({ hasText: 'Processed' })).toContainText('200');
  await expect(job.locator('.ant-statistic').filter({ hasText: 'Imported' })).toContainText('195');
  await expect(job.locator('.ant-statistic').filter({ hasText: 'Refused' })).toContainText('5');

  const report = page.getByTestId('import-report');
  await expect(report.locator('.ant-table-row')).toHaveCount(5);
  // data row i sits on spreadsheet row i + 2 (the header is row 1)
  await expect(report.locator('.ant-table-row').first()).toContainText('12');
  await expect(report.locator('.ant-table-row').first()).toContainText(errorText(4049, EN));
  await keepScreenshot(page, 'registry-import-report', EN);

  expect(await findLift(request, token, `IMP-${RUN}-0`)).toBeTruthy();
  expect(await findLift(request, token, `IMP-${RUN}-10`)).toBeUndefined();
});

test('the new lift is found on the map and its summary links to the details', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const lifts = new LiftListScreen(page);
  await lifts.open('map');
  await expect(page.locator('path.lg-marker').first()).toBeVisible();
  // no tile source on this machine: no tile images at all, so no broken-image grid
  await expect(page.locator('.leaflet-tile')).toHaveCount(0);

  const search = page.locator('.ant-select').filter({ hasText: 'Find a lift' });
  await search.click();
  await page.keyboard.type(LIFT_CODE);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: LIFT_CODE }).first().click();
  const summary = page.getByTestId('map-summary');
  await expect(summary).toContainText(LIFT_NAME);
  await expect(summary.getByRole('link', { name: 'Monitor' })).toHaveAttribute('href', /\/device\/monitor\/\d+$/);
  await keepScreenshot(page, 'registry-map-found', EN);

  // a marker click selects its lift too
  await page.locator('path.lg-marker').first().click({ force: true });
  await expect(summary.locator('.ant-descriptions')).toBeVisible();
  await summary.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('lift-detail')).toBeVisible();
});

test('a deleted lift goes to the deleted list (deleting it again is 4045) and comes back with restore', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request);
  const lift = await findLift(request, token, LIFT_CODE);
  expect(lift).toBeTruthy();
  const id = lift?.id ?? 0;
  await signIn(page);
  const lifts = new LiftListScreen(page);
  await lifts.open();
  await lifts.search(LIFT_CODE);
  await page.getByTestId(`delete-${id}`).click();
  await confirmPopover(page);
  await expectToast(page, 'Lift moved to the deleted list');
  await expect(lifts.row(LIFT_CODE)).toHaveCount(0);
  const again = await apiCall(request, token, 'POST', '/api/device/delete', { id });
  expect(again.body.code).toBe(4045);

  await page.goto('/device/remove_list');
  await lifts.search(LIFT_CODE);
  await expect(lifts.row(LIFT_CODE)).toBeVisible();
  await page.getByTestId(`restore-${id}`).click();
  await confirmPopover(page);
  await expectToast(page, 'Lift restored');
  await expect(lifts.row(LIFT_CODE)).toHaveCount(0);
  expect(await findLift(request, token, LIFT_CODE)).toBeTruthy();
});

test('a favourite is marked with the star; a star that another tab already set answers 4041 as a warning', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request);
  const lift = await findLift(request, token, LIFT_CODE);
  const id = lift?.id ?? 0;
  await signIn(page);
  const lifts = new LiftListScreen(page);
  await lifts.open();
  await lifts.search(LIFT_CODE);
  const star = page.getByTestId(`favourite-${id}`);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expectToast(page, `${LIFT_NAME} added to favourites`);
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const favs = await apiCall<{ list: Lift[] }>(request, token, 'GET', '/api/device/favourite_list');
  expect(favs.body.data?.list.map((l) => l.id)).toContain(id);

  // another tab removes and re-adds it behind this page's back: this page still shows it starred
  await apiCall(request, token, 'POST', '/api/device/uncollect', { id });
  await page.reload();
  await lifts.search(LIFT_CODE);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await apiCall(request, token, 'POST', '/api/device/collect', { id });
  await star.click();
  await expect(
    page
      .locator('.ant-message-notice-warning, .ant-message-warning')
      .filter({ hasText: errorText(4041, EN) })
      .first(),
  ).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
});

test('every registry screen in zh-CN, en-US and pt-PT', async ({ page, request }) => {
  test.setTimeout(300_000);
  const token = await apiLogin(request);
  // a lift past its monitor expiry, so the expired list has something to renew
  await apiCall(request, token, 'POST', '/api/device/add', {
    name: `Expired ${RUN}`,
    code: `EXP-${RUN}`,
    positive_floors: 8,
    expire_at: '2025-01-01',
  });
  await signIn(page);
  const lifts = new LiftListScreen(page);
  for (const locale of LOCALES) {
    await useLocale(page, locale);
    await lifts.open();
    await keepScreenshot(page, 'registry-lift-list', locale);
    await lifts.openCreate();
    await keepScreenshot(page, 'registry-lift-form', locale);
    await page.keyboard.press('Escape');
    await expect(lifts.form).toBeHidden();
    await lifts.open('map');
    await expect(page.locator('path.lg-marker').first()).toBeVisible();
    await keepScreenshot(page, 'registry-lift-map', locale);
    const lift = await findLift(request, token, LIFT_CODE);
    await page.goto(`/device/list?lift=${lift?.id}`);
    await expect(page.getByTestId('lift-detail')).toBeVisible();
    await keepScreenshot(page, 'registry-lift-detail', locale);
    await page.goto('/device/remove_list');
    await expect(page.locator('.ant-table').first()).toBeVisible();
    await keepScreenshot(page, 'registry-removed', locale);
    await page.goto('/device/end_time_list');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'registry-expired', locale);
    await page.goto('/device/terminal');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'registry-terminals', locale);
    await page.goto('/device/terminal?tab=settings');
    await expect(page.getByTestId('terminal-settings')).toBeVisible();
    await keepScreenshot(page, 'registry-terminal-settings', locale);
    await page.goto('/device/sim');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'registry-sims', locale);
  }

  await useLocale(page, EN);
  // expired list: renew one lift
  await page.goto('/device/end_time_list');
  await lifts.search(`EXP-${RUN}`);
  await lifts.row(`EXP-${RUN}`).getByRole('button', { name: 'Renew' }).click();
  await page.locator('.ant-modal:visible .ant-btn-primary').click();
  await expectToast(page, 'Renewed until');
  await expect(lifts.row(`EXP-${RUN}`)).toHaveCount(0);

  // terminals: register one, the secret is shown once with a copy button
  await page.goto('/device/terminal');
  await page.getByTestId('terminal-add').click();
  const reg = page.locator('.ant-modal:visible');
  await formItem(reg, 'Terminal id').locator('input').fill(`T${RUN}E2E`);
  await reg.locator('.ant-btn-primary').click();
  const secret = page.getByTestId('terminal-secret');
  await expect(secret).toBeVisible();
  await expect(secret.locator('.ant-typography-copy').first()).toBeVisible();
  await keepScreenshot(page, 'registry-terminal-registered', EN);
  await reg.locator('.ant-btn-primary').click();

  // SIM cards: a taken IMSI is refused on the IMSI field (4096)
  const sims = await apiCall<{ list: { imsi: string }[] }>(request, token, 'GET', '/api/device/sim/list');
  const takenImsi = sims.body.data?.list[0]?.imsi ?? '';
  await page.goto('/device/sim');
  await page.getByRole('button', { name: 'Add SIM card' }).click();
  const simForm = page.locator('.ant-modal:visible');
  await formItem(simForm, 'IMSI').locator('input').fill('46000123');
  await simForm.locator('.ant-btn-primary').click();
  await expect(fieldError(simForm, 'IMSI')).toHaveText(errorText(4150, EN));
  await formItem(simForm, 'IMSI').locator('input').fill(takenImsi);
  await simForm.locator('.ant-btn-primary').click();
  await expect(fieldError(simForm, 'IMSI')).toHaveText(errorText(4096, EN));
  await keepScreenshot(page, 'registry-sim-form-error', EN);
});
