import { describe, expect, it } from 'vitest';
import { ConfigError, configuredProviders, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', SIGNATURE_WINDOW_SECONDS: 300, API_APPS: [] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads values from the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://127.0.0.1:5432/test',
      API_APPS: 'partner:0123456789abcdef0123:server',
      TRUST_PROXY: 'true',
    });
    expect(config.PORT).toBe(9090);
    expect(config.API_APPS).toEqual([{ appId: 'partner', secret: '0123456789abcdef0123', kind: 'server' }]);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it('names every bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope', SECRET_KEY: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'nope', SECRET_KEY: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/SECRET_KEY/);
    }
  });

  it('refuses an API client with a short secret', () => {
    expect(() => loadConfig({ API_APPS: 'partner:short' })).toThrow(/API_APPS/);
  });

  it('takes a payment provider with all its settings or none, and one that notifies only with PUBLIC_URL', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /stripe: set all of .*missing STRIPE_WEBHOOK_SECRET/,
    );
    expect(configuredProviders(loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' }))).toEqual([
      'stripe',
    ]);
    const alipay = { ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: 'k', ALIPAY_PUBLIC_KEY: 'p' };
    expect(() => loadConfig(alipay)).toThrow(/PUBLIC_URL: alipay send notifications to it/);
    expect(configuredProviders(loadConfig({ ...alipay, PUBLIC_URL: 'https://console.example' }))).toEqual(['alipay']);
    expect(() => loadConfig({ WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
  });
});
