import { type LineItem, Me, type RequiredDeep, type Subscription } from 'ordercloud-javascript-sdk';
import { dayToDateTime, type ScheduleInput, todayDay } from '@/components/subscriptions/schedule';
import { asBuyer, hasPlatformStatus } from './sdk';

/*
 * The buyer's subscriptions (`/me/subscriptions` and their items), with the buyer's token.
 */

/** A first order "today" is due now (the next run places it); other days at noon UTC. */
export function orderDateTime(day: string, now: Date = new Date()): string {
  return day === todayDay(now) ? now.toISOString() : dayToDateTime(day);
}

export interface SubscriptionXp {
  readonly CustomerReference?: string;
  /** The buyer's own name of the subscription (the platform's Subscription has no Name). */
  readonly Name?: string;
}

/** What a subscription is called on the pages: the buyer's name for it, else its ID. */
export function subscriptionLabel(subscription: Pick<MySubscription, 'ID' | 'xp'>): string {
  return subscription.xp?.Name?.trim() || (subscription.ID ?? '');
}

export type MySubscription = Subscription<SubscriptionXp>;

export async function listMySubscriptions(token: string): Promise<MySubscription[]> {
  const result = await Me.ListSubscriptions<MySubscription>(
    { pageSize: 100, sortBy: ['NextOrderDate'] as never },
    asBuyer(token),
  );
  return result.Items;
}

export async function getMySubscription(token: string, id: string): Promise<MySubscription | undefined> {
  try {
    return await Me.GetSubscription<MySubscription>(id, asBuyer(token));
  } catch (error) {
    if (hasPlatformStatus(error, 404, 403)) return undefined;
    throw error;
  }
}

export async function listSubscriptionItems(token: string, id: string): Promise<RequiredDeep<LineItem>[]> {
  const result = await Me.ListSubscriptionItems(id, { pageSize: 100 }, asBuyer(token));
  return result.Items;
}

export interface NewSubscription {
  readonly schedule: ScheduleInput;
  readonly shippingAddressId: string;
  readonly billingAddressId: string;
  readonly customerReference: string;
  readonly name: string;
  readonly lines: readonly Pick<LineItem, 'ProductID' | 'Quantity' | 'Specs'>[];
}

/** Creates the subscription, then its items; a failure on the items removes the subscription again. */
export async function createMySubscription(token: string, input: NewSubscription): Promise<MySubscription> {
  const options = asBuyer(token);
  const subscription = await Me.CreateSubscription<MySubscription>(
    {
      Frequency: input.schedule.frequency,
      Interval: input.schedule.interval,
      NextOrderDate: orderDateTime(input.schedule.nextOrderDate),
      EndDate: input.schedule.endDate ? dayToDateTime(input.schedule.endDate) : undefined,
      Active: true,
      Payment: { Type: 'PurchaseOrder' },
      ShippingAddressID: input.shippingAddressId,
      BillingAddressID: input.billingAddressId,
      xp: { CustomerReference: input.customerReference, Name: input.name },
    } as Subscription,
    options,
  );
  try {
    for (const line of input.lines) {
      await Me.CreateSubscriptionItem(
        subscription.ID,
        {
          ProductID: line.ProductID,
          Quantity: line.Quantity,
          Specs: (line.Specs ?? []).map((spec) => ({
            SpecID: spec.SpecID,
            OptionID: spec.OptionID,
            Value: spec.Value,
          })),
        } as LineItem,
        options,
      );
    }
  } catch (error) {
    await Me.DeleteSubscription(subscription.ID, options).catch(() => {});
    throw error;
  }
  return subscription;
}

export async function updateMySubscription(
  token: string,
  id: string,
  patch: { schedule?: ScheduleInput; active?: boolean },
): Promise<void> {
  const body: Partial<Subscription> = {};
  if (patch.schedule) {
    body.Frequency = patch.schedule.frequency;
    body.Interval = patch.schedule.interval;
    body.NextOrderDate = orderDateTime(patch.schedule.nextOrderDate);
    body.EndDate = (patch.schedule.endDate ? dayToDateTime(patch.schedule.endDate) : null) as string;
  }
  if (patch.active !== undefined) body.Active = patch.active;
  await Me.PatchSubscription(id, body, asBuyer(token));
}
