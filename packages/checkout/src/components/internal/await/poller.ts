import type { StatusOutcome } from './status.ts';

/** Checked every 2 s at first; after a minute of waiting every 10 s. */
export const STATUS_DELAY_MS = 2_000;
export const THROTTLE_AFTER_MS = 60_000;
export const THROTTLED_DELAY_MS = 10_000;

type FinalOutcome = Exclude<StatusOutcome, { kind: 'pending' }>;

/**
 * Asks for the payment's status until it is no longer pending. A failed check (the network, the
 * gateway) is not an answer: the next check follows on the usual schedule.
 */
export class StatusPoller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startedAt: number | undefined;
  private running = false;
  private finished = false;
  /** Bumped by stop(): a check still under way when the view left must not start a second chain. */
  private generation = 0;

  constructor(
    private readonly check: () => Promise<StatusOutcome>,
    private readonly onFinal: (outcome: FinalOutcome) => void,
  ) {}

  /** Starts (or resumes) polling; the throttle counts from the first start. */
  start(): void {
    if (this.running || this.finished) return;
    this.running = true;
    this.startedAt ??= Date.now();
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const waited = Date.now() - (this.startedAt ?? Date.now());
    const delay = waited >= THROTTLE_AFTER_MS ? THROTTLED_DELAY_MS : STATUS_DELAY_MS;
    const generation = this.generation;
    this.timer = setTimeout(() => void this.poll(generation), delay);
  }

  private async poll(generation: number): Promise<void> {
    let outcome: StatusOutcome;
    try {
      outcome = await this.check();
    } catch {
      outcome = { kind: 'pending' };
    }
    if (generation !== this.generation) return;
    if (outcome.kind === 'pending') {
      this.schedule();
      return;
    }
    this.finished = true;
    this.stop();
    this.onFinal(outcome);
  }
}
