import type { Locator, Page } from '@playwright/test';

/** /device/fault: fault list (filters, process), settings and SMS tabs; header fault badge, notice and trapped modal. */
export class FaultPage {
  readonly table: Locator;
  readonly badge: Locator;
  readonly notice: Locator;
  readonly trappedButton: Locator;
  readonly trappedTable: Locator;
  readonly processNote: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByTestId('fault-table');
    this.badge = page.getByTestId('fault-badge');
    this.notice = page.getByTestId('fault-notice');
    this.trappedButton = page.getByTestId('trapped-button');
    this.trappedTable = page.getByTestId('trapped-table');
    this.processNote = page.getByTestId('fault-process-note');
  }

  async open(): Promise<void> {
    await this.page.goto('/device/fault');
    await this.table.waitFor();
  }

  /** The number on the header badge (0 when it shows none). */
  async badgeCount(): Promise<number> {
    const number = this.badge.locator('.ant-scroll-number');
    if ((await number.count()) === 0) return 0;
    const title =
      (await number
        .first()
        .getAttribute('title', { timeout: 1_000 })
        .catch(() => null)) ?? '';
    if (title === '99+') return 99;
    const n = Number.parseInt(title, 10);
    return Number.isFinite(n) ? n : 0;
  }

  row(faultId: number): Locator {
    return this.table.locator(`tr[data-row-key="${faultId}"]`);
  }

  async process(faultId: number, note: string): Promise<void> {
    await this.page.getByTestId(`fault-process-${faultId}`).click();
    await this.processNote.fill(note);
    await this.page.locator('.ant-modal-footer .ant-btn-primary').click();
  }

  tab(index: number): Locator {
    return this.page.locator('.ant-tabs-tab').nth(index);
  }
}

/** /system/pusher_account */
export class PusherPage {
  readonly accounts: Locator;
  constructor(readonly page: Page) {
    this.accounts = page.getByTestId('pusher-accounts');
  }
  async open(): Promise<void> {
    await this.page.goto('/system/pusher_account');
    await this.accounts.waitFor();
  }
}
