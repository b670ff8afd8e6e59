/**
 * The Click to Pay sandbox's shopper profiles: who is enrolled, with which cards on which scheme.
 * Card numbers stay here, on the server; the page only ever sees the last four digits and sealed
 * references (tokens.ts). Documented in docs/sdk-simulators/clicktopay.md.
 */
export type ClickToPayScheme = 'visa' | 'mc';
export type DigitalCardStatus = 'ACTIVE' | 'SUSPENDED' | 'EXPIRED' | 'PENDING';

export interface SandboxCard {
  /** Stable id of the card inside the sandbox (never the number). */
  ref: string;
  scheme: ClickToPayScheme;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  status: DigitalCardStatus;
  descriptorName: string;
  dateOfCardCreated: string;
  dateOfCardLastUsed?: string;
  /** Visa cards with a network token are paid by token reference instead of a checkout payload. */
  hasToken?: boolean;
}

export interface SandboxProfile {
  email: string;
  /** Where the one-time code "goes" (masked in the answer, like a real SMS or e-mail channel). */
  channel: string;
  cards: SandboxCard[];
  /** The scheme refuses to send a code (a locked account): ACCT_INACCESSIBLE. */
  inaccessible?: boolean;
}

const card = (
  fields: Omit<SandboxCard, 'expiryMonth' | 'expiryYear'> & Partial<SandboxCard>,
): SandboxCard => ({
  expiryMonth: '03',
  expiryYear: '2030',
  ...fields,
});

export const SANDBOX_PROFILES: SandboxProfile[] = [
  {
    email: 'shopper@example.com',
    channel: 'shopper@example.com',
    cards: [
      card({
        ref: 'visa-used',
        scheme: 'visa',
        number: '4111111111111111',
        status: 'ACTIVE',
        descriptorName: 'Visa Classic',
        dateOfCardCreated: '2025-01-10T10:00:00.000Z',
        dateOfCardLastUsed: '2026-10-01T10:00:00.000Z',
      }),
      card({
        ref: 'visa-unused',
        scheme: 'visa',
        number: '4242424242424242',
        status: 'ACTIVE',
        descriptorName: 'Visa Platinum',
        dateOfCardCreated: '2026-02-01T10:00:00.000Z',
        hasToken: true,
      }),
      card({
        ref: 'visa-expired',
        scheme: 'visa',
        number: '4000000000000002',
        expiryMonth: '01',
        expiryYear: '2025',
        status: 'ACTIVE',
        descriptorName: 'Visa Debit',
        dateOfCardCreated: '2022-05-01T10:00:00.000Z',
        dateOfCardLastUsed: '2024-12-01T10:00:00.000Z',
      }),
      card({
        ref: 'mc-used',
        scheme: 'mc',
        number: '5555555555554444',
        status: 'ACTIVE',
        descriptorName: 'Mastercard Gold',
        dateOfCardCreated: '2024-03-01T10:00:00.000Z',
        dateOfCardLastUsed: '2026-11-20T10:00:00.000Z',
      }),
      card({
        ref: 'mc-suspended',
        scheme: 'mc',
        number: '5500000000000004',
        status: 'SUSPENDED',
        descriptorName: 'Mastercard Standard',
        dateOfCardCreated: '2024-05-05T10:00:00.000Z',
      }),
    ],
  },
  {
    email: 'mc-only@example.com',
    channel: '+31 6 12345678',
    cards: [
      card({
        ref: 'mc-only',
        scheme: 'mc',
        number: '5201281505129736',
        status: 'ACTIVE',
        descriptorName: 'Mastercard World',
        dateOfCardCreated: '2025-07-07T10:00:00.000Z',
      }),
    ],
  },
  {
    email: 'expired@example.com',
    channel: 'expired@example.com',
    cards: [
      card({
        ref: 'visa-only-expired',
        scheme: 'visa',
        number: '4917610000000000',
        expiryMonth: '06',
        expiryYear: '2024',
        status: 'EXPIRED',
        descriptorName: 'Visa Classic',
        dateOfCardCreated: '2021-06-01T10:00:00.000Z',
        dateOfCardLastUsed: '2024-01-01T10:00:00.000Z',
      }),
    ],
  },
  {
    email: 'locked@example.com',
    channel: 'locked@example.com',
    inaccessible: true,
    cards: [
      card({
        ref: 'visa-locked',
        scheme: 'visa',
        number: '4111111111111111',
        status: 'ACTIVE',
        descriptorName: 'Visa Classic',
        dateOfCardCreated: '2025-01-10T10:00:00.000Z',
      }),
    ],
  },
];

export function findProfile(email: string): SandboxProfile | undefined {
  const wanted = email.trim().toLowerCase();
  return SANDBOX_PROFILES.find((profile) => profile.email === wanted);
}

/** Enrolled on a scheme = the profile holds at least one card of that scheme. */
export function isEnrolled(email: string, scheme: ClickToPayScheme): boolean {
  return findProfile(email)?.cards.some((entry) => entry.scheme === scheme) ?? false;
}

export function findCard(email: string, ref: string): SandboxCard | undefined {
  return findProfile(email)?.cards.find((entry) => entry.ref === ref);
}

/** `s*****r@example.com` / `+31 6 *****678`: what the shopper is told the code was sent to. */
export function maskChannel(channel: string): string {
  const at = channel.indexOf('@');
  if (at > 1) return `${channel[0]}${'*'.repeat(at - 2)}${channel.slice(at - 1)}`;
  return `${channel.slice(0, 5)}*****${channel.slice(-3)}`;
}
