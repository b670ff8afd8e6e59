import { z } from 'zod';
import { amountSchema, authenticationDataSchema } from '../payments/models.ts';

/** `POST /sessions` (docs/domain.md, sessions and payments); returnUrl is checked by the service to answer 422 `14_030`. */
export const createSessionSchema = z.looseObject({
  amount: amountSchema,
  merchantAccount: z.string().min(1),
  reference: z.string().min(1).max(256),
  returnUrl: z.string().max(1024).optional(),
  countryCode: z.string().length(2).optional(),
  shopperLocale: z.string().min(2).max(16).optional(),
  shopperReference: z.string().min(1).max(256).optional(),
  shopperEmail: z.string().max(320).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  channel: z.enum(['iOS', 'Android', 'Web']).optional(),
  allowedPaymentMethods: z.array(z.string()).optional(),
  blockedPaymentMethods: z.array(z.string()).optional(),
  storePaymentMethodMode: z.enum(['askForConsent', 'disabled', 'enabled']).optional(),
  storePaymentMethod: z.boolean().optional(),
  recurringProcessingModel: z.enum(['CardOnFile', 'Subscription', 'UnscheduledCardOnFile']).optional(),
  captureDelayHours: z.number().int().min(0).max(168).optional(),
  authenticationData: authenticationDataSchema.optional(),
  mode: z.enum(['embedded', 'hosted']).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  lineItems: z.array(z.unknown()).optional(),
});
export type CreateSessionRequest = z.infer<typeof createSessionSchema>;

export const sessionDataBodySchema = z.looseObject({ sessionData: z.string().min(1).max(8192) });
