import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureDemoAccount } from './demo/demoAccount';
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
  if (demo) {
    await ensureDemoAccount(
      services.database.db,
      config.DEMO_ACCOUNT,
      config.DEMO_PASSWORD,
      services.brands.default.packageName,
    );
  }
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
  console.log(`${lines.join('\n')}\n`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
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
