import { errorText } from '@liftguard/contract';
import { type APIRequestContext, type Page, test } from '@playwright/test';
import { LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { dismissHelpCalls, LiftDetailScreen } from '../pages/MaintenancePages.ts';
import { useLocale } from '../pages/OrgPages.ts';
import { confirmPopover, expect, expectToast, LiftListScreen } from '../pages/RegistryPages.ts';
import { ADMIN_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';

// Lift detail page (/device/list/:id) and maintenance records: reach it from the list and from the
// drawer, browser back, add / edit / delete a record, the dashboard counter moves; screenshots of
// the page in zh-CN, en-US and pt-PT.

const RUN = Date.now().toString(36).slice(-5);
const EN = 'en-US';
const WORK = `Replaced door contact ${RUN}`;

type Lift = { id: number; name: string; code: string };

async function signIn(page: Page) {
  await dismissHelpCalls(page);
  const login = new LoginPage(page);
  await login.open(EN);
  await login.signIn('admin', ADMIN_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(new Shell(page).avatar).toBeVisible();
}

async function demoLift(request: APIRequestContext, token: string): Promise<Lift> {
  const r = await apiCall<{ list: Lift[] }>(request, token, 'GET', '/api/device/list?keyword=DEMO-&size=12&orderKey=id&orderMethod=asc');
  const lift = r.body.data?.list[0];
  if (!lift) throw new Error('no demo lift');
  return lift;
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test('the detail page opens from the list and the drawer, and browser back returns', async ({ page, request }) => {
  const token = await apiLogin(request);
  const lift = await demoLift(request, token);
  await signIn(page);

  const lifts = new LiftListScreen(page);
  await lifts.open();
  await lifts.search(lift.code);
  await page.getByTestId(`lift-page-${lift.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/device/list/${lift.id}$`));
  const detail = new LiftDetailScreen(page);
  await detail.loaded();
  await expect(detail.root).toContainText(lift.code);
  await expect(page.getByTestId('lift-terminal')).toBeVisible();
  await expect(page.getByTestId('lift-sim')).toContainText('460');
  await detail.tab('Recent faults').click();
  await expect(page.getByTestId('lift-faults')).toBeVisible();
  // tabs replace the history entry: back leaves the page
  await page.goBack();
  await expect(page).toHaveURL(/\/device\/list$/);

  await page.goto(`/device/list?lift=${lift.id}`);
  await expect(page.getByTestId('lift-detail')).toBeVisible();
  await page.getByTestId('lift-detail-page-link').click();
  await detail.loaded();
  await page.getByTestId('lift-detail-back').click();
  await expect(page).toHaveURL(new RegExp(`/device/list\\?lift=${lift.id}$`));
  await expect(page.getByTestId('lift-detail')).toBeVisible();
});

test('a maintenance record is added, refused on an empty content, edited and deleted; the repairs counter follows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const lift = await demoLift(request, token);
  const repairs = async () =>
    (await apiCall<{ repairsCount: number }>(request, token, 'GET', '/api/indextree')).body.data?.repairsCount ?? 0;
  const before = await repairs();
  await signIn(page);

  const detail = new LiftDetailScreen(page);
  await detail.open(lift.id, 'maintenance');
  await detail.openAdd();
  await detail.pick('Type', 'Repair');
  await detail.fillText('Technician', 'Zhao Gong');
  await detail.fillText('Work done', '   ');
  await detail.save();
  await expect(detail.fieldError('Work done')).toHaveText(errorText(4148, EN));
  await detail.fillText('Work done', WORK);
  await detail.fillText('Remark', 'old part returned');
  await detail.save();
  await expectToast(page, 'Maintenance record saved');
  await expect(detail.form).toBeHidden();
  await expect(detail.row(WORK)).toContainText('Repair');
  await expect(detail.row(WORK)).toContainText('Zhao Gong');
  expect(await repairs()).toBe(before + 1);

  const records = await apiCall<{ list: Array<{ id: number; content: string }> }>(
    request,
    token,
    'GET',
    `/api/device/maintenance/list?lift_id=${lift.id}&keyword=${encodeURIComponent(WORK)}`,
  );
  const id = records.body.data?.list[0]?.id as number;
  await page.getByTestId(`maintenance-edit-${id}`).click();
  await expect(detail.form).toBeVisible();
  await detail.pick('Type', 'Maintenance');
  await detail.fillText('Work done', `${WORK} (checked)`);
  await detail.save();
  await expectToast(page, 'Maintenance record saved');
  await expect(detail.row(`${WORK} (checked)`)).toContainText('Maintenance');
  expect(await repairs()).toBe(before);

  await page.getByTestId(`maintenance-delete-${id}`).click();
  await confirmPopover(page);
  await expectToast(page, 'Maintenance record deleted');
  await expect(detail.row(WORK)).toHaveCount(0);
});

test('screens of the detail page in zh-CN, en-US and pt-PT', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request);
  const lift = await demoLift(request, token);
  const faults = await apiCall<{ list: Array<{ lift_id: number }> }>(request, token, 'GET', '/api/fault/list?size=12');
  const faulty = faults.body.data?.list[0]?.lift_id;
  await signIn(page);
  const detail = new LiftDetailScreen(page);
  const lifts = new LiftListScreen(page);
  for (const locale of LOCALES) {
    await useLocale(page, locale);
    // the list's actions column with the link to the detail page
    await lifts.open();
    await lifts.search(lift.code);
    await expect(page.getByTestId(`lift-page-${lift.id}`)).toBeVisible();
    await keepScreenshot(page, 'lift-list-detail-link', locale);
    await detail.open(lift.id);
    await expect(page.getByTestId('lift-sim')).toContainText('460');
    await keepScreenshot(page, 'lift-detail-page', locale);
    // the faults tab of a lift that has faults (the simulated fleet raises some), else of the demo lift
    await detail.open(faulty ?? lift.id, 'faults');
    await expect(page.getByTestId('lift-faults')).toBeVisible();
    await expect(page.locator('[data-testid="lift-faults"] .ant-spin-spinning')).toHaveCount(0);
    await keepScreenshot(page, 'lift-detail-faults', locale);
    await detail.open(lift.id, 'maintenance');
    await expect(detail.records.locator('.ant-table-row').first()).toBeVisible();
    await expect(detail.records.locator('.ant-spin-spinning')).toHaveCount(0);
    await keepScreenshot(page, 'lift-detail-maintenance', locale);
    await detail.openAdd();
    // let the dialog's zoom-in animation finish before the picture
    await page.waitForTimeout(600);
    await keepScreenshot(page, 'lift-detail-maintenance-form', locale);
    await page.keyboard.press('Escape');
    await expect(detail.form).toBeHidden();
  }
});
