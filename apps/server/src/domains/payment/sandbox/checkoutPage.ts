import { randomBytes } from 'node:crypto';
import { type Locale, moneyText, nameOf, PaymentMethod } from '@smartlock/contract';
import { translate } from '../../../i18n';
import { SANDBOX_CHECKOUT_PATH } from './sandboxProvider';
import type { SandboxPayment } from './sandboxQueries';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** What the page says above its buttons (or instead of them). */
export type CheckoutNotice = 'declined' | 'paid' | 'cancelled' | 'expired' | 'refunded' | 'notFound';

export interface RenderedPage {
  html: string;
  /** The page's Content-Security-Policy: only its own style, forms posting back to this site. */
  csp: string;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f2f4f7;margin:0;color:#1f2933}
main{max-width:460px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:28px}
h1{font-size:20px;margin:0 0 12px}
.banner{background:#fff7e6;border:1px solid #ffd591;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:18px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}
dt{color:#6b7280}dd{margin:0;font-weight:500;word-break:break-all}
.amount{font-size:22px;font-weight:700}
.notice{border-radius:8px;padding:10px 12px;margin-bottom:16px}
.notice.bad{background:#fff1f0;border:1px solid #ffa39e}.notice.good{background:#f6ffed;border:1px solid #b7eb8f}
form{margin:0 0 10px}
button{width:100%;padding:11px;border-radius:8px;border:1px solid #d0d5dd;background:#fff;font-size:15px;cursor:pointer}
button.pay{background:#1677ff;border-color:#1677ff;color:#fff;font-weight:600}
a{color:#1677ff}
`;

/**
 * The sandbox's hosted checkout page, in the payer's language: the merchant, what is bought, the
 * amount and method, and the three things a payer can do. Plain HTML with no script.
 */
export function renderCheckoutPage(
  payment: SandboxPayment | undefined,
  locale: Locale,
  notice: CheckoutNotice | undefined,
  now = Date.now(),
): RenderedPage {
  const nonce = randomBytes(12).toString('base64');
  const t = (key: string, params: Record<string, string | number> = {}) =>
    escapeHtml(translate(locale, `sandbox.${key}`, params));
  const body: string[] = [];
  if (!payment) {
    body.push(`<h1>${t('notFound')}</h1>`);
  } else {
    const merchant = payment.merchant;
    const amount = moneyText(payment.amount, payment.currency, locale);
    const method = nameOf(PaymentMethod, payment.method as never) ?? 'international';
    const payBefore = new Intl.DateTimeFormat(locale.replace('_', '-'), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }).format(payment.expiresAt);
    const expired = payment.status === 'open' && now >= payment.expiresAt.getTime();
    const shown: CheckoutNotice | undefined =
      payment.status === 'paid'
        ? 'paid'
        : payment.status === 'cancelled'
          ? 'cancelled'
          : payment.status === 'refunded'
            ? 'refunded'
            : expired
              ? 'expired'
              : notice;
    body.push(
      `<h1>${t('title', { merchant })}</h1>`,
      `<div class="banner" data-testid="sandbox-banner">${t('banner')}</div>`,
      '<dl>',
      `<dt>${t('merchant')}</dt><dd>${escapeHtml(merchant)}</dd>`,
      `<dt>${t('order')}</dt><dd data-testid="sandbox-order">${escapeHtml(payment.orderNo)}</dd>`,
      `<dt>${t('item')}</dt><dd>${escapeHtml(payment.description)}</dd>`,
      `<dt>${t('method')}</dt><dd>${escapeHtml(translate(locale, `commerce.method.${method}`))}</dd>`,
      `<dt>${t('payBefore')}</dt><dd>${escapeHtml(payBefore)}</dd>`,
      `<dt>${t('amount')}</dt><dd class="amount" data-testid="sandbox-amount">${escapeHtml(amount)}</dd>`,
      '</dl>',
    );
    if (shown) {
      const good = shown === 'paid';
      body.push(
        `<div class="notice ${good ? 'good' : 'bad'}" data-testid="sandbox-notice" data-notice="${shown}">${t(shown)}</div>`,
      );
    }
    if (payment.status === 'open' && !expired) {
      const action = (name: string) =>
        `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(payment.id)}/${name}?lang=${locale}`;
      body.push(
        `<form method="post" action="${action('pay')}"><button class="pay" type="submit" data-testid="sandbox-pay">${t('pay', { amount })}</button></form>`,
        `<form method="post" action="${action('decline')}"><button type="submit" data-testid="sandbox-decline">${t('decline')}</button></form>`,
        `<form method="post" action="${action('cancel')}"><button type="submit" data-testid="sandbox-cancel">${t('cancel')}</button></form>`,
      );
    } else {
      body.push(
        `<p><a href="${escapeHtml(payment.returnUrl)}" data-testid="sandbox-return">${t('returnToMerchant', { merchant })}</a></p>`,
      );
    }
  }
  const title = payment ? t('title', { merchant: payment.merchant }) : t('notFound');
  const html = `<!doctype html><html lang="${locale.replace('_', '-')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body.join('')}</main></body></html>`;
  return {
    html,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  };
}
