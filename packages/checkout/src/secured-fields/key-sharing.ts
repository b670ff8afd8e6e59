/**
 * One content key for all the secured-field frames of a page, shared over a BroadcastChannel. Only
 * frames on the gateway's origin can join the channel (the merchant page cannot), and the key travels
 * as a non-extractable CryptoKey. Sharing is an optimisation, not a requirement: frames that race may
 * end up with different keys for a moment (they converge on the smallest wrapped key), and a payment
 * whose fields use two keys still decrypts — the gateway then unwraps two.
 */
import { type ContentKey, createContentKey } from './encrypt.ts';

type ChannelMessage = { type: 'ask' } | { type: 'key'; key: CryptoKey; encryptedKey: string };

function isContentKey(data: unknown): data is ContentKey {
  if (typeof data !== 'object' || data === null) return false;
  const { key, encryptedKey } = data as Partial<ContentKey>;
  return (
    typeof encryptedKey === 'string' &&
    typeof CryptoKey === 'function' &&
    key instanceof CryptoKey &&
    key.algorithm.name === 'AES-GCM' &&
    key.usages.includes('encrypt')
  );
}

/** Returns the function the frame calls for the content key of its next blob. */
export function sharedContentKey(jwk: JsonWebKey): () => Promise<ContentKey> {
  if (typeof BroadcastChannel !== 'function') return () => createContentKey(jwk);
  // Keys wrapped for another gateway key (after a rotation) must not be shared.
  const channel = new BroadcastChannel(`actuate-secured-fields:${jwk.n?.slice(0, 32) ?? ''}`);
  let current: ContentKey | undefined;
  let pending: Promise<ContentKey> | undefined;

  const announce = (contentKey: ContentKey) =>
    channel.postMessage({ type: 'key', ...contentKey } satisfies ChannelMessage);

  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<ChannelMessage> | null;
    if (data?.type === 'ask') {
      if (current) announce(current);
    } else if (data?.type === 'key' && isContentKey(data)) {
      if (!current || data.encryptedKey < current.encryptedKey)
        current = { key: data.key, encryptedKey: data.encryptedKey };
    }
  };
  channel.postMessage({ type: 'ask' } satisfies ChannelMessage);

  return () => {
    if (current) return Promise.resolve(current);
    pending ??= createContentKey(jwk).then((made) => {
      pending = undefined;
      if (!current) {
        current = made;
        announce(made);
      }
      return current;
    });
    return pending;
  };
}
