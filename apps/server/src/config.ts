import { z } from 'zod';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Extra API clients: "id:secret:kind,..." with kind "browser" or "server" (token in the body). */
const apiApps = z.string().transform((value, ctx) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [appId, secret, kind = 'server'] = entry.split(':');
      if (!appId || !secret || secret.length < 16 || (kind !== 'server' && kind !== 'browser')) {
        ctx.addIssue({
          code: 'custom',
          message: `API_APPS entry "${appId ?? ''}" needs id:secret(16+ chars)[:server|browser]`,
        });
        return { appId: '', secret: '', kind: 'server' as const };
      }
      return { appId, secret, kind: kind as 'server' | 'browser' };
    }),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL; when unset the embedded PGlite keeps data in DATA_DIR (or memory with ":memory:"). */
  DATABASE_URL: z.string().url().optional(),
  /** Root secret for cookie encryption and derived keys; read from DATA_DIR/secret.key when unset. */
  SECRET_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('SmartLock Cloud <no-reply@smartlock.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRANDS_FILE: z.string().optional(),
  /** The operator's price list of the paid services (apps/server/prices.json by default). */
  PRICES_FILE: z.string().optional(),
  /**
   * Where the server is reached from outside (https://console.example.com): the address payment
   * providers send notifications to. Unset: this instance's own listening address.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Offer the built-in sandbox payment provider (no real money). Defaults to on outside production. */
  PAYMENT_SANDBOX: boolish.optional(),
  CONSOLE_APP_ID: z.string().min(1).default('smartlock-console'),
  CONSOLE_APP_SECRET: z.string().min(16).optional(),
  API_APPS: apiApps.default([]),
  SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Mark the session cookie Secure; "auto" follows the request's protocol. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Proxies in front of the server, for the client address (rate limits) and protocol. */
  TRUST_PROXY: boolish.default(false),
  /** Create the demo account at start. Defaults to on outside production. */
  DEMO: boolish.optional(),
  /** Run the simulated demo fleet (apps/devices) for the demo account. Defaults to DEMO. */
  DEMO_FLEET: boolish.optional(),
  DEMO_ACCOUNT: z.string().default('demo@smartlock.example'),
  DEMO_PASSWORD: z.string().default('Demo@2026'),
  /** Port of the MQTT broker embedded in the server, for gateways (0: any free port). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().default('0.0.0.0'),
  /** An external MQTT broker instead of the embedded one (mqtt://user:password@host:port). */
  MQTT_URL: z.string().url().optional(),
  /** How long a remote operation may take before it is failed (seconds). */
  REMOTE_OPERATION_SECONDS: z.coerce.number().int().min(2).max(120).default(12),
  /** The built console; served when present. */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value stops the start with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** Config for tests and tools: defaults plus overrides, without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: ':memory:',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
    }),
    ...overrides,
  };
}
