/**
 * The device-fingerprint frame's script (served by modules/risk/page.ts under a hashed URL). It hashes
 * stable browser signals with SHA-256 into an opaque string and posts it to the parent page, but only
 * when the parent's origin is one the client key allows (the list is in `#dfp-config`); it never posts
 * to '*'. The message is a JSON string both our widget and the official adyen-web library read:
 * `{type:'deviceFingerprint', value, deviceFingerprint, persistentCookie, components}`.
 */

interface FrameConfig {
  allowedOrigins: string[];
}

const FINGERPRINT_PREFIX = 'actdf1.';

function readConfig(): FrameConfig | undefined {
  try {
    const text = document.getElementById('dfp-config')?.textContent ?? '';
    const parsed = JSON.parse(text) as Partial<FrameConfig>;
    return Array.isArray(parsed.allowedOrigins) ? { allowedOrigins: parsed.allowedOrigins } : undefined;
  } catch {
    return undefined;
  }
}

/** The embedding page's origin: ancestorOrigins where the browser has it, else the referrer's origin. */
function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? undefined;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Signals that stay the same across visits of one browser on one device (no cookies, no storage). */
function signals(): Record<string, unknown> {
  const nav = navigator as Navigator & { deviceMemory?: number };
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // An old engine without time zone names: the offset below still counts.
  }
  return {
    userAgent: nav.userAgent,
    languages: [...(nav.languages ?? [nav.language])],
    platform: nav.platform,
    hardwareConcurrency: nav.hardwareConcurrency ?? null,
    deviceMemory: nav.deviceMemory ?? null,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    cookieEnabled: nav.cookieEnabled,
    screen: [screen.width, screen.height, screen.colorDepth, window.devicePixelRatio],
    timeZone,
    timeZoneOffset: new Date().getTimezoneOffset(),
  };
}

function base64Url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function fingerprint(): Promise<string> {
  const text = JSON.stringify(signals());
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return FINGERPRINT_PREFIX + base64Url(digest);
}

async function run() {
  const config = readConfig();
  const target = parentOrigin();
  // Unknown parent: say nothing (the widget times out with df-timedOut and pays on).
  if (!config || !target || !config.allowedOrigins.includes(target)) return;
  if (!globalThis.crypto?.subtle) return;
  const value = await fingerprint();
  const message = {
    type: 'deviceFingerprint',
    value,
    deviceFingerprint: value,
    persistentCookie: [],
    components: {},
  };
  window.parent.postMessage(JSON.stringify(message), target);
}

void run();
