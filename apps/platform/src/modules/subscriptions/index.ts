/** The subscriptions module's public surface: the app imports from here, never from the files behind it. */
export type { SubscriptionEntity } from './entities.ts';
export { everyMinutes, SUBSCRIPTION_RUN_QUEUE, subscriptionRunQueue } from './jobs.ts';
export { SubscriptionBody, SubscriptionIntegrationBody } from './models.ts';
export {
  createSubscriptionModule,
  type SubscriptionDependencies,
  type SubscriptionModule,
  type SubscriptionPorts,
} from './module.ts';
export { subscriptionRoutes } from './routes.ts';
export type { RunOutcome } from './runs.ts';
