/**
 * The gateway link (docs/devices.md): what the cloud and a gateway say to each other over MQTT.
 * Every command carries an id and a deadline and is signed with the gateway's own secret; the
 * gateway checks the signature and the deadline itself (the broker may hold a message while the
 * gateway is offline) and runs each id at most once. Replies and events are signed the same way.
 */
import { hmacSha256Hex } from '../hmac';
import { canonicalJson } from './canonicalJson';

export const DEVICE_PROTOCOL_VERSION = 1;

/** Topics of one gateway. The cloud publishes commands; the gateway publishes the rest. */
export function gatewayTopics(gatewayId: number) {
  const base = `gw/${gatewayId}`;
  return {
    /** cloud -> gateway: commands (QoS 1). */
    commands: `${base}/cmd`,
    /** gateway -> cloud: replies to commands and events from locks (QoS 1). */
    events: `${base}/evt`,
    /** gateway -> cloud: "online" (retained) and "offline" (the last will). */
    status: `${base}/status`,
  } as const;
}

/** The MQTT user name a gateway connects with; its password is its secret. */
export function gatewayUsername(gatewayId: number): string {
  return `gw-${gatewayId}`;
}

export function gatewayIdOfUsername(username: string | undefined): number | undefined {
  const match = /^gw-([1-9][0-9]{0,15})$/.exec(username ?? '');
  return match ? Number(match[1]) : undefined;
}

export interface Command {
  v: typeof DEVICE_PROTOCOL_VERSION;
  /** Unique per command; a gateway runs an id at most once. */
  id: string;
  /** What to do, e.g. "unlock", "queryState", "setClock". */
  name: string;
  /** The lock it is for (its MAC), when it is for a lock. */
  lockMac?: string;
  params: Record<string, unknown>;
  /** Epoch ms when it was issued and after which it must not run. */
  issuedAt: number;
  deadline: number;
}

export interface Reply {
  v: typeof DEVICE_PROTOCOL_VERSION;
  kind: 'reply';
  /** The command's id. */
  id: string;
  ok: boolean;
  result?: Record<string, unknown>;
  /** Why it failed: "expired", "badSignature", "unknownLock", "unsupported", "lockBusy", ... */
  error?: string;
  at: number;
}

/**
 * Progress of a command the gateway has accepted: "wait" while it is queued behind another
 * command for the same lock (one Bluetooth connection at a time), "operating" once it runs.
 */
export interface Progress {
  v: typeof DEVICE_PROTOCOL_VERSION;
  kind: 'progress';
  id: string;
  stage: 'wait' | 'operating';
  at: number;
}

export interface Event {
  v: typeof DEVICE_PROTOCOL_VERSION;
  kind: 'event';
  /** Unique per event, so an event delivered twice is stored once. */
  id: string;
  name: string;
  lockMac?: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * The cloud's word that it has stored what an event carried (records): sent on the commands
 * topic once the records are in the database, so a gateway forgets records only when they are
 * safe — not when the broker has them — and sends again what is not acknowledged in time.
 */
export interface Ack {
  v: typeof DEVICE_PROTOCOL_VERSION;
  kind: 'ack';
  /** The event's id. */
  id: string;
  at: number;
}

export type Signed<T> = T & { sig: string };

/** Signs a message with the gateway's secret over its canonical JSON (without `sig`). */
export async function signMessage<T extends object>(message: T, secret: string): Promise<Signed<T>> {
  return { ...message, sig: await hmacSha256Hex(secret, canonicalJson(message)) };
}

/** The message without its signature when the signature is right, else undefined. */
export async function verifyMessage<T extends object>(message: Signed<T>, secret: string): Promise<T | undefined> {
  if (typeof message !== 'object' || message === null || typeof message.sig !== 'string') return undefined;
  const { sig, ...rest } = message;
  const expected = await hmacSha256Hex(secret, canonicalJson(rest));
  if (expected.length !== sig.length) return undefined;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ sig.charCodeAt(i);
  return diff === 0 ? (rest as unknown as T) : undefined;
}

export type Admission =
  | { run: true; command: Command }
  | { run: false; reason: 'badSignature' | 'expired' | 'duplicate' | 'malformed' };

/**
 * What a gateway does with a command that arrives: run it only if it is signed with its own
 * secret, its deadline has not passed, and its id has not been run before. `seen` is the
 * gateway's memory of ids, told each admitted id with its deadline (keep it at least that long).
 */
export async function admitCommand(
  message: unknown,
  secret: string,
  now: number,
  seen: { has(id: string): boolean; add(id: string, deadline: number): unknown },
): Promise<Admission> {
  const candidate = message as Signed<Command>;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    candidate.v !== DEVICE_PROTOCOL_VERSION ||
    typeof candidate.id !== 'string'
  ) {
    return { run: false, reason: 'malformed' };
  }
  const command = await verifyMessage(candidate, secret);
  if (!command) return { run: false, reason: 'badSignature' };
  if (typeof command.deadline !== 'number' || now > command.deadline) return { run: false, reason: 'expired' };
  if (seen.has(command.id)) return { run: false, reason: 'duplicate' };
  seen.add(command.id, command.deadline);
  return { run: true, command };
}

/**
 * The largest MQTT packet (its remaining length: what follows the fixed header) a logged-in
 * connection may send. The largest message of the device protocol is a `records` event: 200
 * entries (./messages.ts, `DEVICE_EVENTS.records`) with every field at
 * its longest is 78 KB in ASCII, 182 KB in CJK text and 340 KB when every character is escaped
 * in JSON (`\u0001`), its PUBLISH header and topic included. 512 KiB leaves half again over
 * the worst case the contract admits (the server's broker.test.ts builds that message and sends it; the embedded broker and the deployed Mosquitto refuse larger packets).
 */
export const MAX_DEVICE_PACKET_BYTES = 512 * 1024;
