/**
 * Session-storage selections (groupId, lockId, cardNumberMsg) kept in encrypted form, as the
 * spec asks: AES-GCM under a random key made for this tab's session. The values are unreadable
 * at a glance and tamper-evident; it is not a boundary against code running in the page.
 */
import type { SessionStorageKey } from '@smartlock/contract';

const PREFIX = 'sl.';
const KEY_ENTRY = `${PREFIX}k`;
let keyPromise: Promise<CryptoKey> | undefined;

function b64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
function unb64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function key(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    let raw = sessionStorage.getItem(KEY_ENTRY);
    if (!raw) {
      raw = b64(crypto.getRandomValues(new Uint8Array(32)));
      sessionStorage.setItem(KEY_ENTRY, raw);
    }
    return crypto.subtle.importKey('raw', unb64(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
  })();
  return keyPromise;
}

export type SessionKey = (typeof SessionStorageKey)[keyof typeof SessionStorageKey];

export async function writeSession(name: SessionKey, value: string): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await key(), new TextEncoder().encode(value)),
  );
  sessionStorage.setItem(PREFIX + name, `${b64(iv)}.${b64(sealed)}`);
}

/** The stored value, or undefined when absent or not readable. */
export async function readSession(name: SessionKey): Promise<string | undefined> {
  const stored = sessionStorage.getItem(PREFIX + name);
  if (!stored) return undefined;
  const [iv, body] = stored.split('.');
  if (!iv || !body) return undefined;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv) }, await key(), unb64(body));
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

export function clearSession(name: SessionKey): void {
  sessionStorage.removeItem(PREFIX + name);
}
