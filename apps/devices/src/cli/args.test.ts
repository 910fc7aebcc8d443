import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args';

const env = { INIT_CWD: '/home/me/project' };
const base = ['fleet', '--api', 'http://127.0.0.1:8080', '--account', 'owner@example.com', '--password', 'pw'];

describe('the command line', () => {
  it('asks for help', () => {
    expect(parseCliArgs(['--help'], env)).toEqual({ kind: 'help' });
  });

  it('has defaults for everything but the API and the account', () => {
    expect(parseCliArgs(base, env)).toEqual({
      kind: 'fleet',
      args: {
        api: 'http://127.0.0.1:8080',
        account: 'owner@example.com',
        password: 'pw',
        mqtt: 'mqtt://127.0.0.1:1883',
        state: '/home/me/project/data/devices.json',
        allowRemoteUnlock: true,
      },
    });
  });

  it('reads every option', () => {
    const parsed = parseCliArgs(
      [
        ...base,
        '--mqtt',
        'mqtt://broker:1884',
        '--gateways',
        '4',
        '--locks-per-gateway',
        '2',
        '--kinds',
        'door,parking',
        '--state',
        '/tmp/fleet.json',
        '--trickle',
        '2.5',
        '--latency',
        '10',
        '--cities',
        '2643743, 5128581',
        '--no-remote-unlock',
      ],
      env,
    );
    expect(parsed).toMatchObject({
      kind: 'fleet',
      args: {
        mqtt: 'mqtt://broker:1884',
        gateways: 4,
        locksPerGateway: 2,
        kinds: ['door', 'parking'],
        state: '/tmp/fleet.json',
        trickleSeconds: 2.5,
        latencyMs: 10,
        cities: [2643743, 5128581],
        allowRemoteUnlock: false,
      },
    });
  });

  it('takes the password from DEVICES_PASSWORD', () => {
    const withoutPassword = base.slice(0, -2);
    expect(parseCliArgs(withoutPassword, { ...env, DEVICES_PASSWORD: 'from-env' })).toMatchObject({
      args: { password: 'from-env' },
    });
  });

  it.each([
    [['fleet'], /needed/],
    [['park'], /unknown mode/],
    [[...base, '--gateways', 'many'], /--gateways/],
    [[...base, '--kinds', 'door,castle'], /castle/],
    [[...base, '--cities', '2643743,London'], /London/],
    [[...base, '--cities', '0'], /--cities/],
    [[...base, '--api2', 'x'], /api2/],
    [['fleet', '--api', 'localhost:8080', '--account', 'a', '--password', 'p'], /--api/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseCliArgs(argv, env);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });

  it('reads the driver mode with its defaults', () => {
    expect(parseCliArgs(['driver'], env)).toEqual({
      kind: 'driver',
      args: { port: 18_620, encoder: true, scanners: true },
    });
  });

  it('reads every driver option', () => {
    expect(
      parseCliArgs(
        [
          'driver',
          '--port',
          '0',
          '--no-encoder',
          '--no-scanners',
          '--version',
          '2.0.9',
          '--allow-origin',
          'https://console.example.com',
          '--allow-origin',
          'http://lan-host:*',
        ],
        env,
      ),
    ).toEqual({
      kind: 'driver',
      args: {
        port: 0,
        encoder: false,
        scanners: false,
        version: '2.0.9',
        allowOrigins: ['https://console.example.com', 'http://lan-host:*'],
      },
    });
  });

  it.each([
    [['driver', '--port', '70000'], /--port/],
    [['driver', '--version', 'latest'], /--version/],
    [['driver', '--allow-origin', 'localhost'], /--allow-origin/],
    [['driver', '--allow-origin', 'https://console.example.com/app'], /--allow-origin/],
    [['driver', '--api', 'http://127.0.0.1:8080'], /--api is not an option of driver/],
    [[...base, '--port', '1'], /--port is not an option of fleet/],
  ])('refuses the driver line %j', (argv, message) => {
    const parsed = parseCliArgs(argv, env);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });
});
