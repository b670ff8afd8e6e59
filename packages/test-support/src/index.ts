export { CHROMIUM_FLAGS, CHROMIUM_PATH, type ChromiumProfile, launchChromium } from './chromium.ts';
