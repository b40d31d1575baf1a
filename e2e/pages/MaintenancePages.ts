import type { Locator, Page } from '@playwright/test';
import { expect, fieldError, formItem } from './RegistryPages.ts';

/**
 * The simulated fleet places help calls at random; their confirm dialog would cover the page under
 * test. Answer "cancel" whenever one shows up (this spec never uses confirm dialogs itself).
 */
export async function dismissHelpCalls(page: Page): Promise<void> {
  await page.addLocatorHandler(page.locator('.ant-modal-confirm'), async (dialog) => {
    await dialog.locator('.ant-modal-confirm-btns .ant-btn:not(.ant-btn-primary)').first().click();
  });
}

/** /device/list/:id — the lift detail page with its maintenance-records tab. */
export class LiftDetailScreen {
  readonly root: Locator;
  readonly records: Locator;
  readonly form: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('lift-detail-page');
    this.records = page.getByTestId('maintenance-table');
    this.form = page.getByTestId('maintenance-form');
  }

  async open(id: number, tab?: 'faults' | 'maintenance'): Promise<void> {
    await this.page.goto(tab ? `/device/list/${id}?tab=${tab}` : `/device/list/${id}`);
    await this.loaded();
  }

  async loaded(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.root.locator('.ant-tabs-tab').first()).toBeVisible();
  }

  tab(label: string): Locator {
    return this.root.locator('.ant-tabs-tab').filter({ hasText: label });
  }

  row(text: string): Locator {
    return this.records.locator('.ant-table-row').filter({ hasText: text });
  }

  async openAdd(): Promise<void> {
    await this.page.getByTestId('maintenance-add').click();
    await expect(this.form).toBeVisible();
  }

  async fillText(label: string, value: string): Promise<void> {
    const box = formItem(this.form, label).locator('input, textarea').first();
    await box.fill(value);
  }

  async pick(label: string, option: string): Promise<void> {
    await formItem(this.form, label).locator('.ant-select').click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('maintenance-save').click();
  }

  fieldError(label: string): Locator {
    return fieldError(this.form, label);
  }
}
