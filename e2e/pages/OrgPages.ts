import { expect, type Locator, type Page } from '@playwright/test';
import { LANGUAGE_KEY, type Locale } from './LoginPage.ts';

/** Switch the interface language the way a returning visitor has it (local storage), then reload. */
export async function useLocale(page: Page, locale: Locale): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [LANGUAGE_KEY, locale]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Tick a node of a permission tree by its key (route name, URI, or `group:<page>` for a page's URIs). */
export async function checkTreeNode(tree: Locator, key: string): Promise<void> {
  const node = tree.locator('.ant-tree-treenode').filter({ has: tree.page().locator(`[data-perm="${key}"]`) });
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox-checked')).toBeVisible();
}

/** The text input of a form field carrying `data-testid` (on the input itself or on its wrapper). */
export function field(page: Page, testId: string): Locator {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** Make one of the user's memberships current from the profile drawer (reloads unless it already is). */
export async function switchCompany(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-avatar').click();
  const tag = page.getByTestId('membership-tags').locator('.ant-tag').filter({ hasText: name });
  await expect(tag).toBeVisible();
  if ((await tag.locator('.anticon-check').count()) > 0) {
    await page.keyboard.press('Escape');
    return;
  }
  const reloaded = page.waitForEvent('load');
  await tag.click();
  await reloaded;
}

/** Choose an option of an antd Select / TreeSelect / Cascader opened by clicking `field`. */
export async function pickOption(page: Page, field: Locator, text: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible').first();
  // The list slides in and, once measured, may flip above the field: a click during the motion can
  // land beside the option (seen in CI: the field stayed empty). Click when it stands still, and
  // check the field took the choice; a miss closes the list, so open it again and retry.
  await expect(async () => {
    if (!(await dropdown.isVisible())) await field.click();
    await expect(dropdown).not.toHaveClass(/-(enter|appear|leave)\b/, { timeout: 2_000 });
    await dropdown
      .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper, .ant-cascader-menu-item')
      .filter({ hasText: text })
      .first()
      .click({ timeout: 5_000 });
    await expect(field).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** /system/company */
export class CompanyScreen {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('company-page');
  }
  async open(): Promise<void> {
    await this.page.goto('/system/company');
    await expect(this.root).toBeVisible();
  }
  node(name: string): Locator {
    return this.page.getByTestId(`company-node-${name}`);
  }
  async select(name: string): Promise<void> {
    await this.node(name).click();
    await expect(this.page.getByTestId('company-detail-title')).toContainText(name);
  }
  async addUnder(parent: string, name: string, type: 'company' | 'department'): Promise<void> {
    await this.select(parent);
    await this.page.getByTestId('company-add').click();
    const form = this.page.getByTestId('company-add-form');
    await form.locator(`input[type="radio"][value="${type}"]`).check();
    await field(this.page, 'company-add-name').fill(name);
    await this.page
      .locator('.ant-modal')
      .getByRole('button', { name: /Save|保存|Guardar/ })
      .click();
    await expect(this.node(name)).toBeVisible();
  }
  async openTab(label: string): Promise<void> {
    await this.page.getByRole('tab', { name: label }).click();
  }
  async save(): Promise<void> {
    await this.page.getByTestId('company-save').click();
  }
}
