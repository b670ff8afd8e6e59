/** The subscriptions module's public surface: the app imports from here, never from the files behind it. */
export { everyMinutes, SUBSCRIPTION_RUN_QUEUE, subscriptionRunQueue } from './jobs.ts';
export { createSubscriptionModule, type SubscriptionModule } from './module.ts';
export { subscriptionRoutes } from './routes.ts';
