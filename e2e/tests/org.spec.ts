import { errorText } from '@liftguard/contract';
import { expect, type Page, test } from '@playwright/test';
import { LOCALES, LoginPage, Shell } from '../pages/LoginPage.ts';
import { CompanyScreen, checkTreeNode, field, pickOption, switchCompany, useLocale } from '../pages/OrgPages.ts';
import { ADMIN_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';
import { keepScreenshot } from '../support/shots.ts';

// Issue 3 in the browser: an administrator builds a company, a department, a role and a user;
// that user sees exactly the permitted menu; switching company changes the lists; a write the
// server refuses shows the missing-permission toast; every organisation screen in three languages.

const RUN = Date.now().toString(36).slice(-5);
const ACME = `Acme Lifts ${RUN}`;
const DEPT = `Ops Dept ${RUN}`;
const BETA = `Beta Estates ${RUN}`;
const ROLE = `Clerk ${RUN}`;
const USERNAME = `clerk${RUN}`;
const USER_PASSWORD = 'Clerk#E2e2026';

type Node = { id: number; name: string; pid: number | null };

async function signInAs(page: Page, username: string, password: string, name: string) {
  const login = new LoginPage(page);
  await login.open('en-US');
  await login.signIn(username, password);
  await new Shell(page).expectSignedInAs(name);
}

test.describe.configure({ mode: 'serial' });

test('an administrator builds a company, a department, a role and a user; the user sees only what the role allows', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const root = await apiLogin(request);
  await signInAs(page, 'admin', ADMIN_PASSWORD, 'Administrator');

  // company and department through the company screen
  const companies = new CompanyScreen(page);
  await companies.open();
  const tree = (await apiCall<{ list: Node[] }>(request, root, 'GET', '/api/company/tree')).body.data?.list ?? [];
  const platform = tree.find((n) => n.pid === null);
  expect(platform).toBeTruthy();
  await companies.addUnder(platform?.name ?? '', ACME, 'company');
  await companies.select(ACME);
  await companies.openTab('Permissions');
  const routes = page.getByTestId('company-perm-routes');
  await checkTreeNode(routes, 'home_index');
  await checkTreeNode(routes, 'system');
  const uris = page.getByTestId('company-perm-uris');
  await checkTreeNode(uris, 'group:system_user');
  await checkTreeNode(uris, 'group:system_community');
  await companies.save();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await companies.addUnder(ACME, DEPT, 'department');

  const after = (await apiCall<{ list: Node[] }>(request, root, 'GET', '/api/company/tree')).body.data?.list ?? [];
  const acmeNode = after.find((n) => n.name === ACME);
  const dept = after.find((n) => n.name === DEPT);
  const detail = await apiCall<Node & { j_auth_list: string[]; j_auth_uris: string[] }>(
    request,
    root,
    'GET',
    `/api/company/detail?id=${acmeNode?.id}`,
  );
  const acme = detail.body.data;
  expect(acme?.j_auth_list).toEqual(expect.arrayContaining(['system', 'system_user', 'system_community', 'system_role']));
  expect(acme?.j_auth_uris).toEqual(expect.arrayContaining(['/community/add', '/user/add']));
  expect(dept?.pid).toBe(acme?.id);

  // deleting a company that has a department is refused with the catalogue message
  await companies.select(ACME);
  await page.getByTestId('company-delete').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(errorText(4090, 'en-US')).first()).toBeVisible();

  // a role of the new company on the role screen: Users and Communities pages, "create community" only
  await page.goto('/system/role');
  await pickOption(page, page.getByTestId('role-company'), ACME);
  await page.getByTestId('role-add').click();
  await field(page, 'role-name').fill(ROLE);
  await checkTreeNode(page.getByTestId('role-perm-routes'), 'home_index');
  await checkTreeNode(page.getByTestId('role-perm-routes'), 'system_user');
  await checkTreeNode(page.getByTestId('role-perm-routes'), 'system_community');
  await checkTreeNode(page.getByTestId('role-perm-uris'), '/community/add');
  await page.getByTestId('role-save').click();
  await expect(page.getByRole('cell', { name: ROLE })).toBeVisible();

  // a user in the department with that role, on the user screen
  await page.goto('/system/user');
  await page.getByTestId('user-add').click();
  await field(page, 'user-username').fill(USERNAME);
  await field(page, 'user-realname').fill(`Clerk ${RUN}`);
  await field(page, 'user-mobile').fill('not a phone');
  await field(page, 'user-password').fill('weak');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('11 digits starting with 1 then 3–9')).toBeVisible();
  await field(page, 'user-mobile').fill(`139${String(Date.now()).slice(-8)}`);
  await field(page, 'user-password').fill(USER_PASSWORD);
  await pickOption(page, page.getByTestId('membership-0-node'), DEPT);
  await pickOption(page, page.getByTestId('membership-0-role'), ROLE);
  await page.getByTestId('user-save').click();
  await expect(page.getByRole('cell', { name: USERNAME })).toBeVisible();

  // a second company the user also belongs to, with its own community (set up through the API)
  const beta = await apiCall<Node>(request, root, 'POST', '/api/company/add', {
    pid: platform?.id,
    name: BETA,
    j_auth_list: ['home_index', 'system', 'system_community'],
    j_auth_uris: ['/community/add'],
  });
  const betaId = beta.body.data?.id ?? 0;
  const betaRole = await apiCall<{ id: number }>(request, root, 'POST', '/api/role/add', {
    company_id: betaId,
    name: `Viewer ${RUN}`,
    j_auth_list: ['home_index', 'system', 'system_community'],
    j_auth_uris: ['/community/add'],
  });
  await apiCall(request, root, 'POST', '/api/community/add', { company_id: acme?.id, name: `Acme Garden ${RUN}` });
  await apiCall(request, root, 'POST', '/api/community/add', { company_id: betaId, name: `Beta Garden ${RUN}` });
  const users = await apiCall<{ list: Array<{ id: number; username: string }> }>(
    request,
    root,
    'GET',
    `/api/user/list?keyword=${USERNAME}`,
  );
  const userId = users.body.data?.list.find((u) => u.username === USERNAME)?.id;
  expect(userId).toBeTruthy();
  expect(
    (
      await apiCall(request, root, 'POST', '/api/user/membership/save', {
        user_id: userId,
        company_id: betaId,
        role_id: betaRole.body.data?.id,
      })
    ).body.code,
  ).toBeUndefined();

  // the user signs in: exactly System → Users, Communities
  const ctx = await browser.newContext();
  const user = await ctx.newPage();
  await signInAs(user, USERNAME, USER_PASSWORD, `Clerk ${RUN}`);
  const menu = user.getByTestId('nav-menu');
  await switchCompany(user, DEPT);
  await expect(menu.locator(':scope > li:visible')).toHaveText(['System']);
  await menu.getByText('System').hover();
  const popup = user.locator('.ant-menu-submenu-popup:visible .ant-menu-item');
  await expect(popup).toHaveText(['Users', 'Communities']);
  await keepScreenshot(user, 'org-user-menu', 'en-US');

  // the community list follows the current company; switching reloads and changes it
  await user.goto('/system/community');
  await expect(user.getByRole('cell', { name: `Acme Garden ${RUN}` })).toBeVisible();
  await expect(user.getByRole('cell', { name: `Beta Garden ${RUN}` })).toHaveCount(0);
  await switchCompany(user, BETA);
  await expect(user.getByRole('cell', { name: `Beta Garden ${RUN}` })).toBeVisible();
  await expect(user.getByRole('cell', { name: `Acme Garden ${RUN}` })).toHaveCount(0);
  // write buttons follow the role's URIs: the user may create communities but not delete them
  await expect(user.getByTestId('community-add')).toBeEnabled();

  // the administrator withdraws "create community" while the page is open: the server refuses and says so
  await apiCall(request, root, 'POST', '/api/role/update', { id: betaRole.body.data?.id, j_auth_uris: [] });
  await user.getByTestId('community-add').click();
  await field(user, 'community-name').fill(`Blocked ${RUN}`);
  await user.getByTestId('community-save').click();
  await expect(user.getByText(errorText(4053, 'en-US')).first()).toBeVisible();
  await keepScreenshot(user, 'org-blocked-write', 'en-US');
  // after a reload the button follows the new permissions
  await user.reload();
  await expect(user.getByTestId('community-add')).toBeDisabled();
  await ctx.close();
});

test('batch creation of buildings checks ranges like the server and shows what was created', async ({ page, request }) => {
  const root = await apiLogin(request);
  const c = await apiCall<{ id: number }>(request, root, 'POST', '/api/community/add', {
    name: `Batch Court ${RUN}`,
    j_region: ['广东省', '广州市', '天河区'],
  });
  await signInAs(page, 'admin', ADMIN_PASSWORD, 'Administrator');
  await page.goto('/system/community');
  await page.getByTestId(`community-buildings-${c.body.data?.id}`).click();
  await field(page, 'batch-buildings-start-0').fill('5');
  await field(page, 'batch-buildings-end-0').fill('2');
  await expect(page.getByTestId('batch-buildings-problem')).toContainText('end number is below the start number');
  await expect(page.getByTestId('batch-buildings-submit')).toBeDisabled();
  await field(page, 'batch-buildings-start-0').fill('1');
  await field(page, 'batch-buildings-end-0').fill('3');
  await field(page, 'batch-buildings-prefix').fill('B');
  await page.getByTestId('batch-buildings-submit').click();
  await expect(page.getByTestId('batch-buildings-result')).toContainText('B1');
  await expect(page.getByTestId('batch-buildings-result')).toContainText('B3');
  // the same numbers again: names exist, refused before sending
  await field(page, 'batch-buildings-start-0').fill('3');
  await field(page, 'batch-buildings-end-0').fill('4');
  await field(page, 'batch-buildings-prefix').fill('B');
  await expect(page.getByTestId('batch-buildings-problem')).toContainText('B3');
});

test('screenshots of every organisation screen in three languages', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, 'admin', ADMIN_PASSWORD, 'Administrator');
  for (const locale of LOCALES) {
    await useLocale(page, locale);
    const companies = new CompanyScreen(page);
    await companies.open();
    await page.locator('.ant-tree-treenode').nth(1).click();
    await keepScreenshot(page, 'org-company', locale);
    await page.getByRole('tab').nth(1).click();
    await keepScreenshot(page, 'org-company-permissions', locale);

    await page.goto('/system/user');
    await expect(page.getByTestId('user-page').locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'org-users', locale);
    await page.getByTestId('user-add').click();
    await expect(page.getByTestId('user-form')).toBeVisible();
    await page.getByTestId('user-save').click();
    await keepScreenshot(page, 'org-user-drawer', locale);

    await page.goto('/system/role');
    await expect(page.getByTestId('role-page')).toBeVisible();
    await keepScreenshot(page, 'org-roles', locale);
    await page.getByTestId('role-add').click();
    await expect(page.getByTestId('role-form')).toBeVisible();
    await keepScreenshot(page, 'org-role-drawer', locale);

    await page.goto('/system/community');
    await expect(page.getByTestId('community-page').locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'org-communities', locale);
    await page.getByTestId('community-page').locator('[data-testid^="community-buildings-"]').first().click();
    await expect(page.getByTestId('batch-buildings')).toBeVisible();
    await keepScreenshot(page, 'org-buildings', locale);

    await page.goto('/system/audit');
    await expect(page.getByTestId('audit-page').locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'org-audit', locale);

    await page.goto('/dev/res');
    await expect(page.getByTestId('resource-page').locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(page, 'org-resources', locale);

    await page.goto('/dev/exception');
    await expect(page.getByTestId('exception-page')).toBeVisible();
    await keepScreenshot(page, 'org-exceptions', locale);
  }
});
