import { join } from 'node:path';
import { PaymentMethod } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { type Config, configuredProviders } from '../../config';
import type { Db } from '../../db/client';
import type { LiveHub } from '../../live/liveHub';
import { serverRoot } from '../../paths';
import { deriveKey } from '../../security/crypto';
import type { BrandRegistry } from '../company/brands';
import { OrderPayments } from '../order/orderPayments';
import { OrderService } from '../order/orderService';
import { PriceList } from '../service/priceList';
import { NOTIFY_PATH, registerPaymentNotifications } from './notifyRoute';
import type { PaymentProvider } from './paymentProvider';
import { PaymentProviders } from './paymentProviders';
import { AlipayProvider } from './providers/alipay';
import { StripeProvider } from './providers/stripe';
import { WechatPayProvider } from './providers/wechatPay';
import { registerSandboxCheckout } from './sandbox/sandboxCheckoutRoutes';
import { SandboxNotifier } from './sandbox/sandboxNotifier';
import { SandboxProvider } from './sandbox/sandboxProvider';

/** How often orders whose payment time ran out are marked overdue. */
const EXPIRY_SWEEP_MS = 60_000;

/**
 * Where providers reach this server: PUBLIC_URL, else this instance's own listening address
 * (known once it listens).
 */
export function publicBase(app: FastifyInstance, config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet: set PUBLIC_URL');
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

/** The real payment providers the configuration sets up, by the payment method each takes. */
function realProviders(app: FastifyInstance, config: Config): Partial<Record<number, PaymentProvider>> {
  const configured = configuredProviders(config);
  const notifyUrl = (name: string) => () => `${publicBase(app, config)}${NOTIFY_PATH}/${name}`;
  const providers: Partial<Record<number, PaymentProvider>> = {};
  if (configured.includes('alipay')) {
    providers[PaymentMethod.mobilePay] = new AlipayProvider({
      appId: config.ALIPAY_APP_ID ?? '',
      privateKey: config.ALIPAY_PRIVATE_KEY ?? '',
      alipayPublicKey: config.ALIPAY_PUBLIC_KEY ?? '',
      gateway: config.ALIPAY_GATEWAY,
      notifyUrl: notifyUrl('alipay'),
    });
  }
  if (configured.includes('wechatpay')) {
    providers[PaymentMethod.socialWallet] = new WechatPayProvider({
      appId: config.WECHATPAY_APP_ID ?? '',
      mchId: config.WECHATPAY_MCH_ID ?? '',
      privateKey: config.WECHATPAY_PRIVATE_KEY ?? '',
      serialNo: config.WECHATPAY_SERIAL_NO ?? '',
      platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
      apiV3Key: config.WECHATPAY_API_V3_KEY ?? '',
      apiBase: config.WECHATPAY_API_BASE,
      notifyUrl: notifyUrl('wechatpay'),
    });
  }
  if (configured.includes('stripe')) {
    providers[PaymentMethod.international] = new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: config.STRIPE_API_BASE,
    });
  }
  return providers;
}

/**
 * Paid services (docs/payments.md): the price list, the payment providers behind the payment
 * methods (the built-in sandbox where allowed), orders, the notification endpoint and the
 * sandbox's checkout pages, and the timers that send due notifications and expire orders.
 */
export async function startPayments(
  app: FastifyInstance,
  deps: { config: Config; db: Db; secret: string; brands: BrandRegistry; live: LiveHub },
) {
  const { config, db } = deps;
  const prices = new PriceList(config.PRICES_FILE ?? join(serverRoot(), 'prices.json'));
  const sandboxAllowed = config.PAYMENT_SANDBOX ?? config.NODE_ENV !== 'production';
  const sandboxKey = deriveKey(deps.secret, 'sandbox-payments');
  const notifier = new SandboxNotifier(
    db,
    sandboxKey,
    app.log,
    () => `${publicBase(app, config)}${NOTIFY_PATH}/sandbox`,
  );
  const sandbox = sandboxAllowed ? new SandboxProvider(db, notifier, sandboxKey) : undefined;
  const providers = new PaymentProviders(realProviders(app, config), sandbox);
  const payments = new OrderPayments(db, deps.live, app.log);
  const orders = new OrderService(db, prices, providers, payments, app.log);

  await registerPaymentNotifications(app, { providers, payments });
  if (sandbox) {
    registerSandboxCheckout(app, { sandbox, brands: deps.brands });
    notifier.start();
  }
  const sweep = setInterval(() => {
    orders.expireOverdue().catch((err) => app.log.warn({ err }, 'expiring orders failed'));
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await notifier.stop();
  });
  return { prices, providers, orders, notifier, sandbox };
}
