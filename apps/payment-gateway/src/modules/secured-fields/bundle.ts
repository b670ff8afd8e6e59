import { fileURLToPath } from 'node:url';
import { type BrowserBundle, bundleBrowserScript } from '../../shared/browser-bundle.ts';

// Literal paths (not built from a folder constant), so tools that follow imports see both entries.
/** Our widget's frame script: `packages/checkout/src/secured-fields`, built here so frames and widget share one source. */
export const FRAME_ENTRY = fileURLToPath(
  new URL('../../../../../packages/checkout/src/secured-fields/frame.ts', import.meta.url),
);

/** The frame script that speaks the official @adyen/adyen-web library's protocol (same folder). */
export const ADYEN_WEB_FRAME_ENTRY = fileURLToPath(
  new URL('../../../../../packages/checkout/src/secured-fields/adyen-web-frame.ts', import.meta.url),
);

/** A frame script; its hash is in the script URL so browsers may cache it for good. */
export type FrameBundle = BrowserBundle;

/** Both frame scripts: ours (`widget`) and the one for the official library (`adyenWeb`). */
export interface FrameBundles {
  widget: FrameBundle;
  adyenWeb: FrameBundle;
}

/** Bundles both frame scripts (with jose's browser build) once, at start-up. */
export async function bundleFrameScripts(): Promise<FrameBundles> {
  const [widget, adyenWeb] = await Promise.all([
    bundleBrowserScript(FRAME_ENTRY),
    bundleBrowserScript(ADYEN_WEB_FRAME_ENTRY),
  ]);
  return { widget, adyenWeb };
}
