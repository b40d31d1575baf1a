import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

/** This shared machine is slow: pages get longer to settle than the default 10 s. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Page objects of the registry screens (issue 4): lift list, form, import, map, deleted/expired lists, terminals, SIM cards. */

/** The antd form item whose label reads `label`. */
export function formItem(scope: Page | Locator, label: string | RegExp): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: label }) })
    .first();
}

/** The error shown under a form item (not one antd is still animating away after a re-validation). */
export function fieldError(scope: Page | Locator, label: string | RegExp): Locator {
  return formItem(scope, label).locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).first()).toBeVisible();
}

export async function confirmPopover(page: Page): Promise<void> {
  await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
}

/** /device/list */
export class LiftListScreen {
  readonly table: Locator;
  readonly form: Locator;
  constructor(readonly page: Page) {
    this.table = page.locator('.ant-table').first();
    this.form = page.getByTestId('lift-form');
  }

  async open(tab: 'list' | 'map' = 'list'): Promise<void> {
    await this.page.goto(tab === 'map' ? '/device/list?tab=map' : '/device/list');
    if (tab === 'list') await expect(this.table.locator('.ant-table-row').first()).toBeVisible();
    else await expect(this.page.getByTestId('lift-map')).toBeVisible();
  }

  async search(keyword: string): Promise<void> {
    const box = this.page.locator('.ant-input-search input').first();
    await box.fill(keyword);
    await box.press('Enter');
  }

  row(text: string): Locator {
    return this.table.locator('.ant-table-row').filter({ hasText: text });
  }

  async openCreate(): Promise<void> {
    await this.page.getByTestId('lift-add').click();
    await expect(this.form).toBeVisible();
  }

  async fill(label: string | RegExp, value: string): Promise<void> {
    const input = formItem(this.form, label).locator('input').first();
    await input.fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByTestId('lift-save').click();
  }

  fieldError(label: string | RegExp): Locator {
    return fieldError(this.form, label);
  }
}

/** The import dialog shared by lifts and SIM cards. */
export class ImportDialog {
  readonly modal: Locator;
  constructor(readonly page: Page) {
    this.modal = page.locator('.ant-modal').filter({ has: page.getByTestId('import-start') });
  }

  async upload(name: string, content: string): Promise<void> {
    await this.modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
    await this.page.getByTestId('import-start').click();
  }
}
