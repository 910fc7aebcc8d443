import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { MAX_DEVICE_PACKET_BYTES } from '@smartlock/contract';

/**
 * The largest packet before the connection has logged in: the CONNECT (protocol name, client id,
 * user name, password and the gateway's last will — its signed offline status — come to about
 * 400 bytes) and anything a client sends before its CONNACK.
 */
export const MAX_LOGIN_PACKET_BYTES = 4 * 1024;

export interface PacketLimits {
  /** Largest remaining length before login. */
  beforeLogin: number;
  /** Largest remaining length once logged in. */
  afterLogin: number;
}

export const PACKET_LIMITS: PacketLimits = {
  beforeLogin: MAX_LOGIN_PACKET_BYTES,
  afterLogin: MAX_DEVICE_PACKET_BYTES,
};

/** Why a guard ended a connection. */
export type PacketRefusal =
  | { reason: 'packetTooLarge'; packetType: number; announcedBytes: number; limitBytes: number; loggedIn: boolean }
  | { reason: 'malformedLength'; packetType: number };

/**
 * Stands between a client's socket and the broker (Aedes, whose parser buffers a whole packet
 * before looking at it): reads the fixed header of every packet as it arrives — the type byte and
 * the remaining length, 1 to 4 bytes of 7 bits, either of which may be split across chunks — and
 * ends the connection at once when a packet announces more than the limit, before its body is
 * buffered anywhere. Before login the limit is `beforeLogin`; a packet after the CONNECT that is
 * larger but within `afterLogin` waits (the socket paused, nothing more read) until the login is
 * decided, since MQTT lets a client send before its CONNACK.
 */
export class GuardedConnection extends Duplex {
  private loggedIn = false;
  private headers = 0;
  /** The packet being read: its type while its remaining length is read, then its body left. */
  private type: number | undefined;
  private length = 0;
  private lengthBytes = 0;
  private bodyLeft = 0;
  /** A packet waiting for the login, and the bytes after its header. */
  private held: { type: number; length: number; rest: Buffer } | undefined;
  private wantsData = true;
  /** The peer's address (a destroyed socket forgets it). */
  readonly address: string | undefined;

  constructor(
    readonly socket: Socket,
    private readonly limits: PacketLimits,
    private readonly onRefusal: (refusal: PacketRefusal) => void,
  ) {
    super({ allowHalfOpen: false });
    this.address = socket.remoteAddress;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  /** The connection has logged in: larger packets may come, and one held back goes on. */
  logIn(): void {
    this.loggedIn = true;
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    if (!this.admit(held.type, held.length)) return;
    this.bodyLeft = held.length;
    this.receive(held.rest);
    if (!this.held && this.wantsData) this.socket.resume();
  }

  /** Decides on a packet whose header has been read; refuses it (ending the connection) or not. */
  private admit(type: number, length: number): boolean {
    const limit = this.loggedIn ? this.limits.afterLogin : this.limits.beforeLogin;
    if (length <= limit) return true;
    this.refuse({
      reason: 'packetTooLarge',
      packetType: type,
      announcedBytes: length,
      limitBytes: limit,
      loggedIn: this.loggedIn,
    });
    return false;
  }

  private receive(chunk: Buffer): void {
    if (this.held) {
      // Read before the pause took hold: it waits too.
      this.held.rest = Buffer.concat([this.held.rest, chunk]);
      return;
    }
    let i = 0;
    while (i < chunk.length) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, chunk.length - i);
        this.bodyLeft -= n;
        i += n;
        continue;
      }
      if (this.type === undefined) {
        this.type = (chunk[i++] as number) >> 4;
        this.length = 0;
        this.lengthBytes = 0;
        continue;
      }
      const byte = chunk[i++] as number;
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes < 4) continue;
        this.refuse({ reason: 'malformedLength', packetType: this.type });
        return;
      }
      // A whole fixed header.
      const { type, length } = this;
      this.type = undefined;
      const first = this.headers++ === 0;
      if (!this.loggedIn && !first && length > this.limits.beforeLogin && length <= this.limits.afterLogin) {
        // Sent before the CONNACK: it waits for the login.
        this.forward(chunk.subarray(0, i));
        this.held = { type, length, rest: chunk.subarray(i) };
        this.socket.pause();
        return;
      }
      if (!this.admit(type, length)) return;
      this.bodyLeft = length;
    }
    this.forward(chunk);
  }

  private forward(bytes: Buffer): void {
    if (bytes.length === 0 || this.destroyed) return;
    if (!this.push(bytes)) {
      this.wantsData = false;
      this.socket.pause();
    }
  }

  private refuse(refusal: PacketRefusal): void {
    if (this.destroyed) return;
    this.onRefusal(refusal);
    this.socket.destroy();
    this.destroy();
  }

  override _read(): void {
    this.wantsData = true;
    if (!this.held) this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.socket.write(chunk)) callback();
    else this.socket.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}

/**
 * Who counts as one address for the cap on connections not yet logged in: an IPv4 address (also
 * when written IPv4-mapped), or an IPv6 /64 — one host or home network holds a whole /64.
 */
export function addressGroup(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail] = (address.split('%')[0] as string).split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Connections not yet logged in, counted per address group. */
export class PendingLogins {
  private readonly counts = new Map<string, number>();
  private readonly counted = new Map<object, string>();

  constructor(private readonly limit: number) {}

  /** Whether `group` has `limit` connections pending already. */
  full(group: string): boolean {
    return (this.counts.get(group) ?? 0) >= this.limit;
  }

  /** Counts a new connection in, until `release`. */
  add(connection: object, group: string): void {
    this.counts.set(group, (this.counts.get(group) ?? 0) + 1);
    this.counted.set(connection, group);
  }

  /** The connection logged in or closed; counted out once. */
  release(connection: object): void {
    const group = this.counted.get(connection);
    if (group === undefined) return;
    this.counted.delete(connection);
    const count = (this.counts.get(group) ?? 1) - 1;
    if (count > 0) this.counts.set(group, count);
    else this.counts.delete(group);
  }
}
