import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * A key as operators paste it: a PEM block, or the bare base64 body the payment consoles hand out
 * (PKCS#8 for private keys, SPKI for public ones).
 */
function pem(text: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const trimmed = text.trim().replace(/\\n/g, '\n');
  if (trimmed.startsWith('-----BEGIN')) return trimmed;
  const body = trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

export function privateKeyOf(text: string): KeyObject {
  return createPrivateKey(pem(text, 'PRIVATE KEY'));
}

export function publicKeyOf(text: string): KeyObject {
  return createPublicKey(pem(text, 'PUBLIC KEY'));
}

/** base64 SHA256withRSA (RSA2) signature. */
export function rsaSign(key: KeyObject, content: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, content: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** A header's single value. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The body of a provider's API answer, or an error naming the status and what it said. */
export async function answerOf(response: Response, provider: string): Promise<string> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${provider} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

/** How long a call to a provider may take. */
export const PROVIDER_TIMEOUT_MS = 15_000;
