/**
 * Debian's Chromium (never a downloaded browser) and the flags it runs headless with: shared by
 * playwright.config.ts and the benchmarks that drive a browser.
 *
 * The browser tests run on Debian's headless shell (package chromium-headless-shell) where it is
 * installed: the same engine without the desktop browser's machinery, about a third less browser
 * CPU over the suite (decision 048). Lighthouse and the benches measure the full browser, as
 * shoppers run it.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { Browser } from "playwright-core";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The full browser: Lighthouse and the benches. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const browserAvailable = existsSync(CHROMIUM_PATH);

/** The browser tests' Chromium: CHROMIUM_PATH when set, else the headless shell when installed. */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
export const testBrowserAvailable = existsSync(TEST_CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
