import { unauthorized } from '@actuate/service-kit';

/** The buyer's platform token from `Authorization: Bearer …`. */
export function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized('missing-token', 'Send the buyer’s platform token as a Bearer token.');
  return match[1];
}
