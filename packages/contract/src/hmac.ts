const encoder = new TextEncoder();

/** Imported keys by secret: a gateway or an app signs many messages with one secret. */
type ImportedKey = ReturnType<typeof globalThis.crypto.subtle.importKey>;
const keys = new Map<string, ImportedKey>();
const MAX_KEYS = 1000;

function keyOf(secret: string): ImportedKey {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value as string);
    key = globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Lowercase hex HMAC-SHA256 with Web Crypto: the one implementation the browser, the server and devices share. */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const mac = await globalThis.crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(text));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}
