import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallDefinition, gateway, user } from '@smartlock/contract';
import { RequestSigner } from '@smartlock/contract/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from './paths';

/** The product as `npm start` runs it: the built bundle, a fresh data folder, any free port. */
let child: ChildProcess;
let output = '';

async function started(): Promise<{ url: string; account: string; password: string }> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const url = output.match(/SmartLock console\s+(http:\/\/\S+)/)?.[1];
    const demo = output.match(/Demo account\s+(\S+) \/ (\S+)/);
    if (url && demo?.[1] && demo[2]) return { url, account: demo[1], password: demo[2] };
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

const signer = new RequestSigner();

/** A call signed with the console's app, as the browser makes it. */
async function signedCall(url: string, call: CallDefinition, values: Record<string, string>, cookie?: string) {
  const config = (await (await fetch(new URL('/app-config.json', url))).json()) as { appId: string; appSecret: string };
  const app = { appId: config.appId, secret: config.appSecret };
  const params = await signer.sign(call.path, values, app, { lang: 'en_US' });
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (call.method === 'GET') return fetch(new URL(`/api${call.path}?${new URLSearchParams(params)}`, url), { headers });
  return fetch(new URL(`/api${call.path}`, url), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

beforeAll(() => {
  execFileSync(process.execPath, [join(serverRoot(), 'scripts/build.mjs')]);
  execFileSync(process.execPath, [join(serverRoot(), '..', 'devices', 'scripts', 'build.mjs')]);
  const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-start-'));
  child = spawn(process.execPath, [join(serverRoot(), 'dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      MQTT_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
}, 60_000);

afterAll(() => {
  child.kill('SIGTERM');
});

describe('npm start', () => {
  it('prints the URL and a demo account that can log in through the API', async () => {
    const { url, account, password } = await started();
    const login = await signedCall(url, user.login, { account, password });
    const body = (await login.json()) as { errorCode: number };
    expect(body.errorCode).toBe(0);
    expect(login.headers.get('set-cookie')).toMatch(/ACCESS_TOKEN=/);
    const health = await fetch(new URL('/healthz', url));
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
  }, 60_000);

  it('runs a demo fleet for the demo account: three gateways come online', async () => {
    const { url, account, password } = await started();
    const login = await signedCall(url, user.login, { account, password });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const deadline = Date.now() + 60_000;
    let online = 0;
    while (Date.now() < deadline) {
      const listed = (await (await signedCall(url, gateway.list, {}, cookie)).json()) as {
        data: { list: { isOnline: number; lockNum: number }[] } | null;
      };
      const list = listed.data?.list ?? [];
      online = list.filter((g) => g.isOnline === 1 && g.lockNum === 3).length;
      if (online === 3) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(online).toBe(3);
  }, 90_000);

  it("prints the demo account's open API client, whose token lists the demo fleet's locks", async () => {
    const { url, account, password } = await started();
    const printed = output.match(/Demo client\s+client id ([0-9a-f]{32}) \/ secret ([0-9a-f]{32})/);
    expect(printed).not.toBeNull();
    const [, clientId = '', clientSecret = ''] = printed ?? [];
    const token = (await (
      await fetch(new URL('/oauth2/token', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          username: account,
          password: createHash('md5').update(password).digest('hex'),
        }),
      })
    ).json()) as { access_token: string };
    const query = new URLSearchParams({
      clientId,
      accessToken: token.access_token,
      date: String(Date.now()),
      pageSize: '1000',
    });
    const locks = (await (await fetch(new URL(`/v3/lock/list?${query}`, url))).json()) as { total: number };
    expect(locks.total).toBe(9);
  }, 30_000);

  it('shuts down cleanly on SIGTERM', async () => {
    await started();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});

describe('npm start with the MQTT port taken', () => {
  it('says so and names MQTT_PORT and MQTT_URL', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const taken = spawn(process.execPath, [join(serverRoot(), 'dist/main.js')], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'smartlock-mqtt-taken-')),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        MQTT_HOST: '127.0.0.1',
        MQTT_PORT: String(port),
        MQTT_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    taken.stderr?.on('data', (chunk) => {
      said += chunk;
    });
    const code = await new Promise<number | null>((resolve) => taken.once('exit', resolve));
    blocker.close();
    expect(code).toBe(1);
    expect(said).toContain(`MQTT port ${port} is already in use`);
    expect(said).toContain('MQTT_PORT=');
    expect(said).toContain('MQTT_URL=');
  }, 60_000);
});
