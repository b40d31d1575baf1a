import { expect, type Locator, type Page } from '@playwright/test';

export const LANGUAGE_KEY = 'lg.language';
export const LOCALES = ['zh-CN', 'en-US', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];

/** The sign-in page (/login). */
export class LoginPage {
  readonly form: Locator;
  constructor(readonly page: Page) {
    this.form = page.getByTestId('login-form');
  }

  /** Open /login in `locale` as a first-time visitor would after picking it. */
  async open(locale?: Locale): Promise<void> {
    if (locale) {
      await this.page.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key as string)) localStorage.setItem(key as string, value as string);
        },
        [LANGUAGE_KEY, locale],
      );
    }
    await this.page.goto('/login');
    await expect(this.form).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.form.locator('input[name="username"]').fill(username);
    await this.form.locator('input[name="password"]').fill(password);
    await this.form.locator('button[type="submit"]').click();
  }
}

/** The application shell around every signed-in page. */
export class Shell {
  readonly avatar: Locator;
  readonly menu: Locator;
  constructor(readonly page: Page) {
    this.avatar = page.getByTestId('user-avatar');
    this.menu = page.getByTestId('nav-menu');
  }

  async expectSignedInAs(realname: string): Promise<void> {
    await expect(this.avatar).toContainText(realname);
  }
}
