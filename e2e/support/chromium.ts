/**
 * Debian's Chromium, which every browser check drives (Playwright cannot download its own browser
 * here). Without the background-networking flags it keeps trying hosts this machine cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
