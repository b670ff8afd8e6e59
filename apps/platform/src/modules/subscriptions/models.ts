import { z } from 'zod';

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/);
const date = z.iso.datetime({ offset: true });

export const INTERVALS = ['Days', 'Weeks', 'Months'] as const;

export const SubscriptionBody = z.object({
  ID: Id.optional(),
  Frequency: z.number().int().min(1).max(1000),
  Interval: z.enum(INTERVALS),
  NextOrderDate: date,
  EndDate: date.nullish(),
  Active: z.boolean().default(true),
  FromCompanyID: z.string().nullish(),
  FromUserID: z.string().nullish(),
  ToCompanyID: z.string().nullish(),
  Payment: z
    .object({
      Type: z.enum(['PurchaseOrder', 'CreditCard', 'SpendingAccount']),
      CreditCardID: z.string().nullish(),
      SpendingAccountID: z.string().nullish(),
    })
    .nullish(),
  BillingAddressID: z.string().nullish(),
  ShippingAddressID: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

export const SubscriptionIntegrationBody = z.object({
  ApiClientID: z.string().nullish(),
  Url: z.url(),
  HashKey: z.string().min(1),
  NotificationDays: z.number().int().min(0).max(365).nullish(),
  Active: z.boolean().default(true),
  ElevatedRoles: z.array(z.string()).nullish(),
  CustomAuthHeaderName: z.string().nullish(),
  CustomAuthHeaderValue: z.string().nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type SubscriptionIntegrationBody = z.infer<typeof SubscriptionIntegrationBody>;
