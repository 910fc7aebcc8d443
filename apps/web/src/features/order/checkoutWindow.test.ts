import { describe, expect, it } from 'vitest';
import { isScanToPay, openPaymentWindow, sendToCheckout } from './checkoutWindow';

function fakeWindow() {
  return { closed: false, location: { href: 'about:blank' }, document: { title: '' } } as unknown as Window;
}

describe('the payment window', () => {
  it('is opened empty and then sent to the checkout page', () => {
    const opened = fakeWindow();
    const win = openPaymentWindow(() => opened);
    expect(win).toBe(opened);
    expect(sendToCheckout(win, '/sandbox-pay/checkout/pay_1')).toBe(true);
    expect(opened.location.href).toBe('/sandbox-pay/checkout/pay_1');
  });
  it('reports a blocked or closed window, so the console offers a link instead', () => {
    expect(openPaymentWindow(() => null)).toBeNull();
    expect(sendToCheckout(null, '/x')).toBe(false);
    const closed = { ...fakeWindow(), closed: true } as Window;
    expect(sendToCheckout(closed, '/x')).toBe(false);
  });
});

describe('a checkout to scan', () => {
  it('is an app address, not a page of this site or another', () => {
    expect(isScanToPay('weixin://wxpay/bizpayurl?pr=abc')).toBe(true);
    expect(isScanToPay('/sandbox-pay/checkout/pay_1?lang=en_US')).toBe(false);
    expect(isScanToPay('https://checkout.stripe.com/c/pay/cs_1')).toBe(false);
    expect(isScanToPay('https://openapi.alipay.com/gateway.do?x=1')).toBe(false);
  });
});
