import { expect, type Locator, type Page } from '@playwright/test';

/** `/device/monitor/:id`: one lift, live. */
export class LiftMonitorPage {
  readonly car: Locator;
  readonly floorDisplay: Locator;
  readonly commandPanel: Locator;
  readonly commandModal: Locator;
  constructor(readonly page: Page) {
    this.car = page.getByTestId('lift-car');
    this.floorDisplay = page.getByTestId('floor-display');
    this.commandPanel = page.getByTestId('command-panel');
    this.commandModal = page.locator('.ant-modal').filter({ has: page.getByTestId('command-password') });
  }

  async open(liftId: number): Promise<void> {
    await this.page.goto(`/device/monitor/${liftId}`);
    await expect(this.page.getByTestId('lift-monitor')).toBeVisible();
  }

  /** The floor the drawn car stands at (from its data attribute), or null before the first report. */
  async carFloor(): Promise<number | null> {
    if ((await this.car.count()) === 0) return null;
    const v = await this.car.getAttribute('data-floor');
    return v === null ? null : Number(v);
  }

  /** Send a remote command through the modal with this password. */
  async command(action: string, password: string): Promise<void> {
    await this.commandPanel.getByTestId(`cmd-${action}`).click();
    await expect(this.commandModal).toBeVisible();
    await this.commandModal.getByTestId('command-password').fill(password);
    await this.commandModal.locator('.ant-btn-primary').click();
  }
}

/** `/home`: the dashboard counters. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  counter(key: string): Locator {
    return this.page.getByTestId(`counter-${key}`).locator('.ant-statistic-content-value');
  }

  async value(key: string): Promise<number> {
    return Number((await this.counter(key).innerText()).replace(/[^\d]/g, ''));
  }
}

/** `/device/terminal` with the upgrade toolbar. */
export class TerminalUpgradePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/device/terminal');
    await expect(this.page.getByTestId('ota-upgrade')).toBeVisible();
  }

  async select(terminalIds: string[]): Promise<void> {
    for (const id of terminalIds) {
      const row = this.page.locator('tr.ant-table-row').filter({ hasText: id });
      await row.locator('.ant-checkbox-input').check();
    }
  }

  async upgrade(version: string): Promise<void> {
    await this.page.getByTestId('ota-upgrade').click();
    const modal = this.page.locator('.ant-modal').filter({ has: this.page.getByTestId('ota-version') });
    await modal.getByTestId('ota-version').locator('input').fill(version);
    await modal.locator('.ant-btn-primary').click();
  }
}
