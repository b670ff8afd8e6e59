/** Minutes a shopper has to pay, per method, when the action states no expiry of its own. */
const COUNTDOWN_MINUTES: Record<string, number> = {
  pix: 15,
  swish: 3,
  wechatpayQR: 30,
  promptpay: 1.5,
  paynow: 3,
  duitnow: 1.5,
  payme: 10,
  upi_qr: 5,
  upi_collect: 5,
};
export const DEFAULT_COUNTDOWN_MINUTES = 15;

/** Await methods whose waiting view shows no countdown (the bank app has its own). */
const WITHOUT_COUNTDOWN = new Set(['blik', 'mbway', 'ancv']);

export const countdownMinutesFor = (paymentMethodType: string | undefined): number =>
  (paymentMethodType && COUNTDOWN_MINUTES[paymentMethodType]) || DEFAULT_COUNTDOWN_MINUTES;

export const showsCountdown = (paymentMethodType: string | undefined): boolean =>
  !paymentMethodType || !WITHOUT_COUNTDOWN.has(paymentMethodType);

/** 125 → "02:05". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * When the time left is read out: every 3 minutes while more than 5 remain, every minute from 5
 * down to 1, every 30 seconds in the last minute. A screen reader cannot follow a ticking clock.
 */
export function isAnnouncementDue(secondsLeft: number): boolean {
  if (secondsLeft <= 0) return false;
  if (secondsLeft > 300) return secondsLeft % 180 === 0;
  if (secondsLeft >= 60) return secondsLeft % 60 === 0;
  return secondsLeft % 30 === 0;
}
