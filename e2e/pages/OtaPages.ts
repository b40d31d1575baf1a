import { expect, type Locator, type Page } from '@playwright/test';

/** The settings-push dialog of the terminal list (/device/terminal → "Push settings"). */
export class SettingsPushDialog {
  readonly modal: Locator;
  constructor(readonly page: Page) {
    this.modal = page.locator('.ant-modal').filter({ has: page.getByTestId('ota-push-all') });
  }

  async open(): Promise<void> {
    await this.page.goto('/device/terminal');
    await this.page.getByTestId('ota-push').click();
    await expect(this.modal).toBeVisible();
  }

  row(terminalId: string): Locator {
    return this.modal.locator('tr.ant-table-row').filter({ hasText: terminalId });
  }

  /** the state tag of a terminal's row */
  state(terminalId: string): Locator {
    return this.row(terminalId).locator('.ant-tag');
  }

  async push(terminalId: string): Promise<void> {
    await this.row(terminalId).locator('button').click();
  }

  async close(): Promise<void> {
    await this.modal.locator('.ant-modal-close').click();
    await expect(this.modal).toBeHidden();
  }
}

/** The package-upload dialog of the terminal list (/device/terminal → "Upload package"). */
export class PackageUploadDialog {
  readonly modal: Locator;
  constructor(readonly page: Page) {
    this.modal = page.locator('.ant-modal').filter({ has: page.getByTestId('ota-upload-version') });
  }

  async open(): Promise<void> {
    await this.page.goto('/device/terminal');
    await this.page.getByTestId('ota-upload').click();
    await expect(this.modal).toBeVisible();
  }

  async fill(version: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.modal.getByTestId('ota-upload-version').fill(version);
    await this.modal.getByTestId('ota-upload-file').setInputFiles(file);
  }

  async submit(): Promise<void> {
    await this.modal.locator('.ant-modal-footer .ant-btn-primary').click();
  }

  get problem(): Locator {
    return this.modal.getByTestId('ota-upload-problem');
  }

  get result(): Locator {
    return this.modal.getByTestId('ota-upload-result');
  }

  get progress(): Locator {
    return this.modal.getByTestId('ota-upload-progress');
  }

  async close(): Promise<void> {
    await this.modal.locator('.ant-modal-close').click();
    await expect(this.modal).toBeHidden();
  }
}
