/** After a resend: "code resent" for 2 s, then the link is disabled for a 60 s countdown. */
export const RESEND_CONFIRMATION_MS = 2000;
export const RESEND_COUNTDOWN_S = 60;

export type ResendState =
  | { phase: 'idle' }
  | { phase: 'confirmation' }
  | { phase: 'countdown'; seconds: number };

/** The resend link's timer, apart from the view so it can be tested with fake timers. */
export class ResendCountdown {
  state: ResendState = { phase: 'idle' };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onChange: (state: ResendState) => void) {}

  get canResend() {
    return this.state.phase === 'idle';
  }

  start() {
    this.stop();
    this.set({ phase: 'confirmation' });
    this.timer = setTimeout(() => this.tick(RESEND_COUNTDOWN_S), RESEND_CONFIRMATION_MS);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tick(seconds: number) {
    if (seconds <= 0) {
      this.set({ phase: 'idle' });
      return;
    }
    this.set({ phase: 'countdown', seconds });
    this.timer = setTimeout(() => this.tick(seconds - 1), 1000);
  }

  private set(state: ResendState) {
    this.state = state;
    this.onChange(state);
  }
}
