import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSecret } from '../secrets';
import { deriveKey } from '../security/crypto';
import { addGateway } from '../test/devices';
import { loggedInClient } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/harness';
import { BROKER_AUTH_PATHS } from './brokerAuthRoutes';

const TOKEN = 'broker-asks-with-this-token-0123';
let server: TestServer;
let gateway: { gatewayId: number; username: string; secret: string };
let other: { gatewayId: number; username: string; secret: string };

beforeAll(async () => {
  server = await startTestServer({ MQTT_AUTH_TOKEN: TOKEN, SECRET_KEY: 'broker-auth-test-secret-0123456789' });
  const { client } = await loggedInClient(server, 'broker-auth@example.com');
  gateway = await addGateway(client, 'Asked about');
  other = await addGateway(client, 'Another');
});
afterAll(() => server.close());

/** A check as mosquitto-go-auth's HTTP backend sends it (JSON, or form parameters). */
async function ask(
  path: string,
  fields: Record<string, string | number>,
  options: { token?: string; form?: boolean } = {},
) {
  const token = options.token ?? TOKEN;
  const reply = await server.app.inject({
    method: 'POST',
    url: `${path}?token=${encodeURIComponent(token)}`,
    ...(options.form
      ? {
          payload: new URLSearchParams(
            Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : { payload: fields }),
  });
  return reply.statusCode;
}

describe('an external broker asks the service who gets in and where', () => {
  it('lets a gateway in with its own secret and its name as client id, and no one else', async () => {
    const { username, secret } = gateway;
    expect(await ask(BROKER_AUTH_PATHS.user, { username, password: secret, clientid: username })).toBe(200);
    expect(await ask(BROKER_AUTH_PATHS.user, { username, password: secret, clientid: username }, { form: true })).toBe(
      200,
    );
    expect(await ask(BROKER_AUTH_PATHS.user, { username, password: other.secret, clientid: username })).toBe(403);
    expect(await ask(BROKER_AUTH_PATHS.user, { username, password: secret, clientid: 'someone-else' })).toBe(403);
    expect(await ask(BROKER_AUTH_PATHS.user, { username: 'gw-999999', password: secret, clientid: 'gw-999999' })).toBe(
      403,
    );
    expect(await ask(BROKER_AUTH_PATHS.user, { username: 'AA:BB:CC:DD:EE:FF', password: '', clientid: 'x' })).toBe(403);
  });

  it('lets the cloud in only with its own password and a cloud client id', async () => {
    // The embedded broker's cloud password (no MQTT_URL here): derived from the root secret.
    const cloudPassword = deriveKey(rootSecret(server.app.services.config), 'mqtt-cloud').toString('hex');
    expect(await ask(BROKER_AUTH_PATHS.user, { username: 'cloud', password: cloudPassword, clientid: 'cloud-1' })).toBe(
      200,
    );
    expect(await ask(BROKER_AUTH_PATHS.user, { username: 'cloud', password: 'guess', clientid: 'cloud-1' })).toBe(403);
    expect(await ask(BROKER_AUTH_PATHS.user, { username: 'cloud', password: cloudPassword, clientid: 'gw-1' })).toBe(
      403,
    );
  });

  it('gives a gateway its own commands to read and its own events and status to write, nothing else', async () => {
    const { username, gatewayId } = gateway;
    const acl = (topic: string, acc: number, clientid = username) =>
      ask(BROKER_AUTH_PATHS.acl, { username, clientid, topic, acc });
    expect(await acl(`gw/${gatewayId}/cmd`, 4)).toBe(200);
    expect(await acl(`gw/${gatewayId}/cmd`, 1)).toBe(200);
    expect(await acl(`gw/${gatewayId}/evt`, 2)).toBe(200);
    expect(await acl(`gw/${gatewayId}/status`, 2)).toBe(200);
    expect(await acl(`gw/${gatewayId}/cmd`, 2)).toBe(403);
    expect(await acl(`gw/${gatewayId}/evt`, 1)).toBe(403);
    expect(await acl(`gw/${other.gatewayId}/cmd`, 4)).toBe(403);
    expect(await acl(`gw/${other.gatewayId}/evt`, 2)).toBe(403);
    expect(await acl('gw/+/cmd', 4)).toBe(403);
    expect(await acl('#', 4)).toBe(403);
    expect(await acl('cloud/live/1', 1)).toBe(403);
    expect(await acl('$SYS/broker/uptime', 2)).toBe(403);
    expect(await acl(`gw/${gatewayId}/cmd`, 4, 'not-its-session')).toBe(403);
    expect(await acl(`gw/${gatewayId}/cmd`, 9)).toBe(403);
  });

  it('gives the cloud every gateway topic and the live channel, and no one superuser rights', async () => {
    const acl = (topic: string, acc: number) =>
      ask(BROKER_AUTH_PATHS.acl, { username: 'cloud', clientid: 'cloud-1', topic, acc });
    expect(await acl('gw/+/evt', 4)).toBe(200);
    expect(await acl(`gw/${gateway.gatewayId}/cmd`, 2)).toBe(200);
    expect(await acl('cloud/live/7', 3)).toBe(200);
    expect(await acl('$SYS/x', 2)).toBe(403);
    expect(await ask(BROKER_AUTH_PATHS.superuser, { username: 'cloud' })).toBe(403);
  });

  it('answers no check without the token', async () => {
    const { username, secret } = gateway;
    const fields = { username, password: secret, clientid: username };
    expect(await ask(BROKER_AUTH_PATHS.user, fields, { token: '' })).toBe(403);
    expect(await ask(BROKER_AUTH_PATHS.user, fields, { token: `${TOKEN}x` })).toBe(403);
    expect(
      await ask(
        BROKER_AUTH_PATHS.acl,
        { username, clientid: username, topic: `gw/${gateway.gatewayId}/cmd`, acc: 4 },
        { token: 'nope' },
      ),
    ).toBe(403);
    expect(server.logs.join('')).not.toContain(TOKEN);
  });
});

describe('without MQTT_AUTH_TOKEN', () => {
  it('has no broker checks at all', async () => {
    const plain = await startTestServer();
    try {
      const reply = await plain.app.inject({ method: 'POST', url: `${BROKER_AUTH_PATHS.user}?token=x`, payload: {} });
      expect(reply.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
