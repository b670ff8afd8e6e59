/**
 * One seeded back office per test file, its callbacks going to a local receiver: started before the
 * file's tests (`beforeAll`) and closed after them. `app` and `receiver` are read inside hooks and tests.
 */
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import {
  apiHeaders,
  type CallbackReceiver,
  STARTUP_TIMEOUT_MS,
  startBackoffice,
  startCallbackReceiver,
} from './index.ts';

export interface BackofficeSuite {
  readonly app: ServiceApp;
  readonly receiver: CallbackReceiver;
  /** A sales order's trigger endpoint (`confirm`, `ship`, `invoice`, …), as the ERP user presses it. */
  step(
    orderNumber: string,
    action: string,
    payload?: object,
  ): Promise<Awaited<ReturnType<ServiceApp['inject']>>>;
}

/** `env` overrides the back office's settings; the callback URL is the receiver's. */
export function useBackoffice(env: Record<string, string> = {}): BackofficeSuite {
  let database: DatabaseHandle | undefined;
  let app: ServiceApp | undefined;
  let receiver: CallbackReceiver | undefined;
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the back office is not started: use it inside hooks and tests');
    return value;
  };

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    database = await createTestDatabase();
    app = await startBackoffice(database, { ERP_CALLBACK_URL: receiver.url, ...env });
    await app.ready();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await receiver?.close();
  });

  return {
    get app() {
      return started(app);
    },
    get receiver() {
      return started(receiver);
    },
    step: (orderNumber, action, payload = {}) =>
      started(app).inject({
        method: 'POST',
        url: `/erp/sales-orders/${orderNumber}/${action}`,
        headers: apiHeaders,
        payload,
      }),
  };
}
