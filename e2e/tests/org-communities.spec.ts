import { expect, test } from '@playwright/test';
import { LoginPage, Shell } from '../pages/LoginPage.ts';
import { CompanyScreen } from '../pages/OrgPages.ts';
import { ADMIN_PASSWORD } from '../playwright.config.ts';
import { apiCall, apiLogin } from '../support/api.ts';

// The company form edits the company's community list: a searchable multi-select of the
// communities in the caller's scope, saved with the company and shown again on reopen.

const RUN = Date.now().toString(36).slice(-5);
const COMPANY = `Garden Estates ${RUN}`;
const NORTH = `North Court ${RUN}`;
const SOUTH = `South Court ${RUN}`;

type Node = { id: number; name: string; pid: number | null; j_community_ids: number[] };

test('a company keeps the communities chosen in its form', async ({ page, request }) => {
  test.setTimeout(120_000);
  const root = await apiLogin(request);
  const tree = (await apiCall<{ list: Node[] }>(request, root, 'GET', '/api/company/tree')).body.data?.list ?? [];
  const platform = tree.find((n) => n.pid === null);
  const company = await apiCall<Node>(request, root, 'POST', '/api/company/add', { pid: platform?.id, name: COMPANY });
  expect(company.status).toBe(200);
  const companyId = company.body.data?.id as number;
  const ids: number[] = [];
  for (const name of [NORTH, SOUTH]) {
    const c = await apiCall<{ id: number }>(request, root, 'POST', '/api/community/add', { company_id: companyId, name, j_region: [] });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    ids.push(c.body.data?.id as number);
  }

  const login = new LoginPage(page);
  await login.open('en-US');
  await login.signIn('admin', ADMIN_PASSWORD);
  await new Shell(page).expectSignedInAs('Administrator');
  const screen = new CompanyScreen(page);
  await screen.open();
  await screen.select(COMPANY);

  const select = page.getByTestId('company-communities');
  for (const name of [NORTH, SOUTH]) {
    await select.click();
    await page.keyboard.type(name.slice(0, 10));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  }
  await page.keyboard.press('Escape');
  await screen.save();
  await expect(page.getByText('Saved').first()).toBeVisible();

  const saved = await apiCall<Node>(request, root, 'GET', `/api/company/detail?id=${companyId}`);
  expect([...(saved.body.data?.j_community_ids ?? [])].sort()).toEqual([...ids].sort());

  // reopened from scratch, the form shows both names
  await page.reload();
  await screen.select(COMPANY);
  await expect(select).toContainText(NORTH);
  await expect(select).toContainText(SOUTH);
});
