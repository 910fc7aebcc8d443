import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { generate } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { addressGroup, GuardedConnection, type PacketRefusal } from './connectionGuard';

const LIMITS = { beforeLogin: 100, afterLogin: 1000 };

/** What the guard needs of a socket; the test delivers chunks as the network would. */
class FakeSocket extends EventEmitter {
  remoteAddress = '192.0.2.7';
  paused = false;
  destroyed = false;
  pause() {
    this.paused = true;
    return this;
  }
  resume() {
    this.paused = false;
    return this;
  }
  destroy() {
    if (!this.destroyed) {
      this.destroyed = true;
      this.emit('close');
    }
    return this;
  }
  write() {
    return true;
  }
  end(callback?: () => void) {
    callback?.();
  }
  /** Delivers bytes one chunk at a time, as long as the guard reads. */
  deliver(...chunks: (number[] | Buffer)[]) {
    for (const chunk of chunks) {
      if (this.paused || this.destroyed) throw new Error('the guard is not reading');
      this.emit('data', Buffer.from(chunk));
    }
  }
}

function guarded() {
  const socket = new FakeSocket();
  const refusals: PacketRefusal[] = [];
  const connection = new GuardedConnection(socket as unknown as Socket, LIMITS, (refusal) => refusals.push(refusal));
  const forwarded: Buffer[] = [];
  /** What the guard has let through so far (read as the broker reads it). */
  const bytes = () => {
    for (let chunk = connection.read(); chunk !== null; chunk = connection.read()) forwarded.push(chunk);
    return Buffer.concat(forwarded);
  };
  return { socket, connection, refusals, bytes };
}

const connect = generate({
  cmd: 'connect',
  protocolId: 'MQTT',
  protocolVersion: 4,
  clientId: 'gw-1',
  clean: true,
  keepalive: 30,
});
const publish = (bytes: number) =>
  generate({
    cmd: 'publish',
    topic: 'gw/1/evt',
    payload: Buffer.alloc(bytes, 0x61),
    qos: 0,
    retain: false,
    dup: false,
  });
const bytesOf = (buffer: Buffer) => [...buffer].map((byte) => [byte]);

describe('MQTT connection guard', () => {
  it('reads a remaining length split across chunks and refuses it before the body arrives', () => {
    const { socket, refusals, bytes } = guarded();
    // CONNECT announcing 0x7f + 0x7f·128 + 0x7f·128² = 2,097,151 bytes, one byte per chunk.
    socket.deliver([0x10], [0xff], [0xff]);
    expect(refusals).toEqual([]);
    socket.deliver([0x7f]);
    expect(refusals).toEqual([
      { reason: 'packetTooLarge', packetType: 1, announcedBytes: 2_097_151, limitBytes: 100, loggedIn: false },
    ]);
    expect(socket.destroyed).toBe(true);
    // At most the header's own bytes went on, never any of the body.
    expect(bytes().length).toBeLessThanOrEqual(4);
  });

  it('refuses a remaining length longer than four bytes', () => {
    const { socket, refusals } = guarded();
    socket.deliver([0x10, 0x80, 0x80], [0x80, 0x80]);
    expect(refusals).toEqual([{ reason: 'malformedLength', packetType: 1 }]);
    expect(socket.destroyed).toBe(true);
  });

  it('passes packets within the limits through unchanged, however they are cut', () => {
    const { socket, connection, refusals, bytes } = guarded();
    const stream = Buffer.concat([connect, publish(50)]);
    socket.deliver(...bytesOf(stream));
    connection.logIn();
    const more = Buffer.concat([publish(900), publish(0)]);
    socket.deliver(more.subarray(0, 3), more.subarray(3, 500), more.subarray(500));
    expect(refusals).toEqual([]);
    expect(bytes()).toEqual(Buffer.concat([stream, more]));
  });

  it('holds a packet sent before the CONNACK that only a logged-in connection may send', () => {
    const { socket, connection, refusals, bytes } = guarded();
    const big = publish(500);
    socket.deliver(Buffer.concat([connect, big]));
    // The CONNECT and the PUBLISH header went on; its body waits, and nothing more is read.
    expect(socket.paused).toBe(true);
    expect(bytes().length).toBeLessThan(connect.length + 10);
    connection.logIn();
    expect(refusals).toEqual([]);
    expect(socket.paused).toBe(false);
    expect(bytes()).toEqual(Buffer.concat([connect, big]));
  });

  it('refuses a first packet over the login limit, and any packet over the limit after login', () => {
    const first = guarded();
    first.socket.deliver(publish(101).subarray(0, 2));
    expect(first.refusals).toMatchObject([{ reason: 'packetTooLarge', loggedIn: false, limitBytes: 100 }]);

    const later = guarded();
    later.socket.deliver(connect);
    later.connection.logIn();
    later.socket.deliver(publish(1001).subarray(0, 3));
    expect(later.refusals).toMatchObject([{ reason: 'packetTooLarge', loggedIn: true, limitBytes: 1000 }]);
    expect(later.socket.destroyed).toBe(true);
  });
});

describe('address groups for the cap on connections waiting to log in', () => {
  it('counts IPv4 per address and IPv6 per /64', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup(undefined)).toBe('unknown');
  });
});
