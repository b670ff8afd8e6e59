// Every table of the payment-gateway, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
export { gatewaySecrets } from '../modules/crypto/schema.ts';
export { dashboardSessions, dashboardUsers } from '../modules/dashboard/schema.ts';
export { donations } from '../modules/donations/schema.ts';
export { idempotencyRecords } from '../modules/idempotency/schema.ts';
export { apiKeys, clientKeys, merchants } from '../modules/merchants/schema.ts';
export { modifications } from '../modules/modifications/schema.ts';
export { paymentOrderPayments, paymentOrders } from '../modules/orders/schema.ts';
export { applePayTokenUses } from '../modules/payments/methods/applepay/schema.ts';
export { payments } from '../modules/payments/schema.ts';
export { analyticsAttempts, analyticsEvents } from '../modules/risk/schema.ts';
export { amazonPayCheckoutSessions } from '../modules/sdk-simulators/amazonpay/schema.ts';
export { sessions } from '../modules/sessions/schema.ts';
export { threeDsTransactions } from '../modules/threeds2/schema.ts';
export { storedPaymentMethods } from '../modules/vault/schema.ts';
export { notifications, webhookDeliveryAttempts } from '../modules/webhooks/schema.ts';
