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
  /** `json` or `pretty` (one readable line per entry); unset: pretty in development on a terminal, else JSON. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
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
  /** Alipay (payment method 1): all of APP_ID and both keys, or none (docs/payments.md). */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** WeChat Pay API v3 (payment method 2). */
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
  WECHATPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
  /** Stripe (payment method 3). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  CONSOLE_APP_ID: z.string().min(1).default('smartlock-console'),
  CONSOLE_APP_SECRET: z.string().min(16).optional(),
  API_APPS: apiApps.default([]),
  SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Calls per minute each client of the TTLock-compatible open API may make (docs/ttlock-compat.md). */
  OPEN_API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Calls per minute per API key (docs/integrations.md). */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
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
  /**
   * The shared-subscription group of this deployment's instances: on a broker offering MQTT 5
   * shared subscriptions each gateway event goes to one instance of the group. One group per
   * deployment (the instances sharing one database).
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, "_", "." and "-", at most 64')
    .default('smartlock'),
  /**
   * When set, an external broker may ask the service who gets in and to which topics
   * (POST /internal/mqtt/{user,superuser,acl}?token=<this>, mosquitto-go-auth's HTTP backend).
   */
  MQTT_AUTH_TOKEN: z.string().min(16).optional(),
  /** How long a remote operation may take before it is failed (seconds). */
  REMOTE_OPERATION_SECONDS: z.coerce.number().int().min(2).max(120).default(12),
  /** When set, GET /metrics answers only with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Serve GET /metrics to anyone without METRICS_TOKEN. Outside production it is; in production
   * only when the operator says so (the figures tell an outsider how busy the service is).
   */
  METRICS_PUBLIC: boolish.optional(),
  /**
   * Months of unlock records kept before the current month (docs/operations.md): whole months
   * older are dropped. Unset: every record is kept. At least 6, so an export's six months back are
   * always there.
   */
  RECORD_RETENTION_MONTHS: z.coerce.number().int().min(6).max(1200).optional(),
  /**
   * Days the audit trail keeps an entry (docs/governance.md "Audit trail"): older ones go from
   * the start of each chain, leaving an anchor. Two years by default, at least one.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
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
  const problems = paymentProviderProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return parsed.data;
}

/** The settings each real payment provider needs: all of them or none. */
export const PAYMENT_PROVIDER_SETTINGS = {
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  wechatpay: [
    'WECHATPAY_APP_ID',
    'WECHATPAY_MCH_ID',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PLATFORM_PUBLIC_KEY',
    'WECHATPAY_API_V3_KEY',
  ],
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
} as const satisfies Record<string, readonly (keyof Config)[]>;

/** Which real payment providers are set up (every setting given). */
export function configuredProviders(config: Config): (keyof typeof PAYMENT_PROVIDER_SETTINGS)[] {
  return (Object.keys(PAYMENT_PROVIDER_SETTINGS) as (keyof typeof PAYMENT_PROVIDER_SETTINGS)[]).filter((name) =>
    PAYMENT_PROVIDER_SETTINGS[name].every((setting) => config[setting]),
  );
}

/** A provider half set up, or one that needs PUBLIC_URL for its notifications without it. */
function paymentProviderProblems(config: Config): string[] {
  const problems: string[] = [];
  for (const [name, settings] of Object.entries(PAYMENT_PROVIDER_SETTINGS)) {
    const given = settings.filter((setting) => config[setting]);
    if (given.length > 0 && given.length < settings.length) {
      problems.push(
        `${name}: set all of ${settings.join(', ')} (missing ${settings.filter((s) => !config[s]).join(', ')})`,
      );
    }
  }
  const notified = configuredProviders(config).filter((name) => name !== 'stripe');
  if (notified.length > 0 && !config.PUBLIC_URL) {
    problems.push(
      `PUBLIC_URL: ${notified.join(' and ')} send notifications to it; set the address the server is reached at`,
    );
  }
  return problems;
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
