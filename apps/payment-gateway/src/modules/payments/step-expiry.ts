import type { Executor, Jobs } from '@actuate/service-kit';
import type { MerchantService } from '../merchants/service.ts';
import type { PaymentService } from './service.ts';

const STEP_EXPIRY_QUEUE = 'payment-step-expiry';

interface StepExpiryJob {
  merchantAccount: string;
  pspReference: string;
}

/** Schedules the close of an offer at its `expiresAt`, in the transaction that opens it. */
export function stepExpiryScheduler(jobs: () => Jobs) {
  return (tx: Executor, job: StepExpiryJob, expiresAt: string) =>
    jobs().enqueue(tx, STEP_EXPIRY_QUEUE, job, {
      startAfter: new Date(expiresAt),
      singletonKey: job.pspReference,
    });
}

/**
 * Closes a QR, await or voucher offer nobody looked at once it lapses, so the merchant gets its
 * OFFER_CLOSED webhook without a poll (every read closes a lapsed offer too; whichever comes first
 * wins, the other changes nothing).
 */
export async function startStepExpiryWorker(
  jobs: Jobs,
  deps: { payments: PaymentService; merchants: MerchantService },
  pollingIntervalSeconds: number,
) {
  await jobs.register<StepExpiryJob>(
    {
      name: STEP_EXPIRY_QUEUE,
      handle: async (job) => {
        const merchant = await deps.merchants.findMerchant(job.data.merchantAccount);
        const payment = merchant && (await deps.payments.findPayment(merchant, job.data.pspReference));
        if (!merchant || !payment) return;
        const now = new Date();
        const current = await deps.payments.current(merchant, payment, now);
        // The job's clock ran ahead of the gateway's: retried later, when the offer has lapsed.
        if (current.status === 'authenticating' || current.status === 'received')
          throw new Error(`offer ${payment.pspReference} has not lapsed yet`);
      },
    },
    pollingIntervalSeconds,
  );
}
