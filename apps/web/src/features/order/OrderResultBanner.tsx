import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrder } from '../service/serviceQueries';
import { awaitingPayment, resultView } from './paymentResult';

/**
 * The result of the order a checkout returned to (account/record?orderNo=): followed until it is
 * known. In the payment window itself, it offers to close the window and go back to the console.
 */
export function OrderResultBanner({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const detail = useOrder(orderNo, 2000);
  if (!detail.data) return null;
  const waiting = awaitingPayment(detail.data.order) && !detail.data.order.paymentDeclined;
  const view = resultView(detail.data.result);
  const inPaymentWindow = typeof window !== 'undefined' && window.opener !== null;
  return (
    <Alert
      type={waiting ? 'info' : view.status}
      showIcon
      title={`${detail.data.order.description} · ${detail.data.order.orderNo}`}
      description={waiting ? t('order.payment.waiting') : t(view.message)}
      action={
        inPaymentWindow ? (
          <Button size="small" onClick={() => window.close()} data-testid="order-close-window">
            {t('order.closeWindow')}
          </Button>
        ) : null
      }
      style={{ marginBottom: 16 }}
      data-testid="order-result"
      data-result={waiting ? 'waiting' : detail.data.result}
    />
  );
}
