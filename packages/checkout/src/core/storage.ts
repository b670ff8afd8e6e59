/**
 * Web storage that never throws: sandboxed iframes and some private modes throw on access to
 * localStorage (a frequent complaint about Adyen Web), and a lost session blob is recoverable.
 */
export function safeStorage(kind: 'local' | 'session'): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const get = (): Storage | undefined => {
    try {
      return kind === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return undefined;
    }
  };
  return {
    getItem: (key) => {
      try {
        return get()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        get()?.setItem(key, value);
      } catch {
        /* storage full or blocked: the value is simply not kept */
      }
    },
    removeItem: (key) => {
      try {
        get()?.removeItem(key);
      } catch {
        /* ignored, see above */
      }
    },
  };
}
