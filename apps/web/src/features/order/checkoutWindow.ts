/**
 * The payment window: opened empty at once, while the click that asked for it is still being
 * handled (browsers block windows opened later), then sent to the checkout page once the order
 * has one. Null when the browser blocked it (spec: popup blocked).
 */
export function openPaymentWindow(open: typeof window.open = window.open.bind(window)): Window | null {
  const opened = open('', '_blank');
  if (!opened) return null;
  try {
    opened.document.title = '…';
  } catch {
    // Another origin's window: nothing to write.
  }
  return opened;
}

/** Sends the payment window to the checkout page; false when there is no window to send. */
export function sendToCheckout(paymentWindow: Window | null, checkoutUrl: string): boolean {
  if (!paymentWindow || paymentWindow.closed) return false;
  paymentWindow.location.href = checkoutUrl;
  return true;
}

/**
 * Whether a checkout is a code to scan in the payer's app (a WeChat Pay Native payment's
 * `weixin://` address) rather than a page to open.
 */
export function isScanToPay(checkoutUrl: string): boolean {
  return !/^(https?:\/\/|\/)/i.test(checkoutUrl);
}
