/** What the gateway keeps of `riskData.clientData` (the widget's base64 JSON). */
export interface ClientRiskData {
  /** Absent when the widget sent none, it timed out (`df-timedOut`) or the value is unusable. */
  deviceFingerprint?: string;
}

/** The widget's value when the fingerprint frame did not answer in time: no fingerprint. */
export const TIMED_OUT_FINGERPRINT = 'df-timedOut';
/** Bounds on what is read: a larger blob or fingerprint is ignored, never an error. */
export const MAX_CLIENT_DATA_LENGTH = 8192;
const MAX_FINGERPRINT_LENGTH = 512;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const FINGERPRINT = /^[\x21-\x7e]+$/;

/**
 * Reads `riskData.clientData` ({version, deviceFingerprint, persistentCookie, components}, base64 JSON).
 * Risk data is advisory: anything malformed, oversized or of the wrong type is ignored (no error), so a
 * broken widget or tampered blob never stops a payment by itself.
 */
export function readClientRiskData(riskData: unknown): ClientRiskData {
  if (!riskData || typeof riskData !== 'object') return {};
  const clientData = (riskData as { clientData?: unknown }).clientData;
  if (typeof clientData !== 'string' || clientData.length > MAX_CLIENT_DATA_LENGTH) return {};
  if (!BASE64.test(clientData)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(clientData, 'base64').toString('utf8'));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const value = (parsed as { deviceFingerprint?: unknown }).deviceFingerprint;
  if (
    typeof value !== 'string' ||
    value === TIMED_OUT_FINGERPRINT ||
    value.length > MAX_FINGERPRINT_LENGTH ||
    !FINGERPRINT.test(value)
  )
    return {};
  return { deviceFingerprint: value };
}
