import type { DataOf } from '@smartlock/contract';
import type { order as orderCalls } from '@smartlock/contract/refs';
import { App } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { useRefreshCommerce } from '../service/serviceQueries';
import { isScanToPay, openPaymentWindow, sendToCheckout } from './checkoutWindow';
import { payOrder } from './orderApi';
import { PaymentDialog, type PaymentInProgress } from './PaymentDialog';

type Checkout = DataOf<typeof orderCalls.create>;

/**
 * Paying an order: `start` must be called in the click that asks to pay (it opens the payment
 * window at once), with the call that makes the checkout; the dialog then follows the payment.
 */
export function usePayment(): {
  start: (makeCheckout: () => Promise<Checkout>) => Promise<boolean>;
  payAgain: (orderNo: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const refresh = useRefreshCommerce();
  const [payment, setPayment] = useState<PaymentInProgress>();

  const start = useCallback(
    async (makeCheckout: () => Promise<Checkout>) => {
      const paymentWindow = openPaymentWindow();
      try {
        const checkout = await makeCheckout();
        if (isScanToPay(checkout.checkoutUrl)) {
          paymentWindow?.close();
          setPayment({ ...checkout, blocked: false, scan: true });
        } else {
          const opened = sendToCheckout(paymentWindow, checkout.checkoutUrl);
          setPayment({ ...checkout, blocked: !opened, scan: false });
        }
        void refresh();
        return true;
      } catch (error) {
        paymentWindow?.close();
        message.error(errorText(t, error));
        return false;
      }
    },
    [message, refresh, t],
  );

  const payAgain = useCallback((orderNo: string) => start(() => payOrder(api, orderNo)), [api, start]);

  const dialog = payment ? (
    <PaymentDialog
      key={payment.checkoutUrl}
      payment={payment}
      onPayAgain={(orderNo) => void payAgain(orderNo)}
      onClose={() => setPayment(undefined)}
    />
  ) : null;
  return { start, payAgain, dialog };
}
