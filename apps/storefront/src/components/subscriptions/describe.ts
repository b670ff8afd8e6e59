import type { SubscriptionInterval } from './schedule';

export type SubscriptionState = 'active' | 'paused' | 'ended';

/** Ended once the end date has passed; otherwise paused or active by its Active flag. */
export function subscriptionState(
  subscription: { readonly Active?: boolean | null; readonly EndDate?: string | null },
  now: Date = new Date(),
): SubscriptionState {
  if (subscription.EndDate && new Date(subscription.EndDate).getTime() < now.getTime()) return 'ended';
  return subscription.Active === false ? 'paused' : 'active';
}

export function intervalOf(value: unknown): SubscriptionInterval {
  return value === 'Days' || value === 'Weeks' ? value : 'Months';
}
