import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureDemoAccount } from './demo/demoAccount';
import { fleetCli, startDemoFleet } from './demo/demoFleet';
import { MqttPortInUseError } from './devices/deviceService';

/** `npm start`: the whole product in one process, with embedded engines unless configured. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config).catch((error: unknown) => {
    if (error instanceof MqttPortInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const { services } = app;
  const demo = config.DEMO ?? config.NODE_ENV !== 'production';
  // The demo account's open API client: the same secret on every start (derived from the root secret).
  const demoClient = demo
    ? await services.openApi.ensureDemo(
        await ensureDemoAccount(
          services.database.db,
          config.DEMO_ACCOUNT,
          config.DEMO_PASSWORD,
          services.brands.default.packageName,
        ),
      )
    : undefined;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      console.error(`Port ${config.PORT} is already in use. Start with another one, e.g. PORT=8081 npm start`);
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [
    '',
    `  SmartLock console   http://localhost:${port}/`,
    `  Database           ${services.database.engine} (${services.database.location})`,
    `  Console build      ${services.consoleDist ?? 'not built'}`,
    `  Gateways (MQTT)    ${services.devices.brokerUrl}${services.devices.broker ? ' (embedded broker)' : ''}`,
    `  Email              ${config.SMTP_URL ? 'SMTP' : 'outbox table and this log (set SMTP_URL to send)'}`,
  ];
  if (demo) lines.push(`  Demo account       ${config.DEMO_ACCOUNT} / ${config.DEMO_PASSWORD}`);
  if (demoClient) {
    lines.push(
      `  TTLock open API    http://localhost:${port}/oauth2/token, /v3/... (docs/ttlock-compat.md)`,
      `  Demo client        client id ${demoClient.clientId} / secret ${demoClient.clientSecret}`,
    );
  }
  let fleet: ChildProcess | undefined;
  if (demo && (config.DEMO_FLEET ?? true)) {
    const cli = fleetCli();
    if (cli) {
      const brokerPort = services.devices.broker?.port;
      fleet = startDemoFleet({
        cli,
        apiUrl: `http://127.0.0.1:${port}`,
        brokerUrl: brokerPort ? `mqtt://127.0.0.1:${brokerPort}` : services.devices.brokerUrl,
        account: config.DEMO_ACCOUNT,
        password: config.DEMO_PASSWORD,
        dataDir: config.DATA_DIR === ':memory:' ? mkdtempSync(join(tmpdir(), 'smartlock-fleet-')) : config.DATA_DIR,
        log: app.log,
      });
      lines.push('  Demo fleet         3 simulated gateways with 9 locks (apps/devices)');
    } else {
      lines.push('  Demo fleet         not built (npm run build -w @smartlock/devices)');
    }
  }
  console.log(`${lines.join('\n')}\n`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      stopChild(fleet)
        .then(() => app.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});

/** Stops a child process politely (its gateways sign off), waiting at most a few seconds. */
function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
