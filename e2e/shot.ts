import type { Page } from '@playwright/test';
import path from 'node:path';

/** Where every spec saves its screenshots, to be looked at (git-ignored). */
export const SCREENSHOTS = path.join(__dirname, '..', 'frontend', 'e2e', 'screenshots');

/** A full-page screenshot named `<name>.png`. */
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
