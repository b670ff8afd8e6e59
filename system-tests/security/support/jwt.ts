import { createHmac } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
} {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
    signature,
  };
}

/** A token from parts: signed with HS256 under `key`, or with the signature given as is. */
export function encodeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signing: { key: string } | { signature: string },
): string {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature =
    'key' in signing
      ? createHmac('sha256', Buffer.from(signing.key, 'utf8')).update(unsigned).digest('base64url')
      : signing.signature;
  return `${unsigned}.${signature}`;
}
