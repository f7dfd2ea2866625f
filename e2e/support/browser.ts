import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/** Headless Debian Chromium, cut off from every network but loopback. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
