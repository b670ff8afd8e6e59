export { AwaitAction } from './await-action.tsx';
export { AwaitActionElement, type AwaitActionOptions, type AwaitProgress } from './await-element.tsx';
export { countdownMinutesFor, formatCountdown, isAnnouncementDue } from './countdown.ts';
export { STATUS_DELAY_MS, StatusPoller, THROTTLE_AFTER_MS, THROTTLED_DELAY_MS } from './poller.ts';
export { mapStatusResponse } from './status.ts';
