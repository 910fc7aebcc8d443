import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { moneyText, OrderStatus } from '@smartlock/contract';
import { Alert, App, Button, Descriptions, Flex, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { type OrderItem, useOrder, useRefreshCommerce } from '../service/serviceQueries';
import { cancelOrder } from './orderApi';
import { awaitingPayment, resultView } from './paymentResult';

export interface PaymentInProgress {
  order: OrderItem;
  checkoutUrl: string;
  /** The browser blocked the payment window. */
  blocked: boolean;
  /** The checkout is a code the payer scans in their app (shown here, no window). */
  scan: boolean;
}

/**
 * Waits for an order's payment while the payer pays in the provider's window: followed live
 * and by polling; the result when it comes (spec section 4: success, failed, cancelled, order not
 * paid). A blocked window is said so, with a link that opens the checkout on the payer's click.
 */
export function PaymentDialog({
  payment,
  onPayAgain,
  onClose,
}: {
  payment: PaymentInProgress;
  onPayAgain: (orderNo: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const refresh = useRefreshCommerce();
  const [checked, setChecked] = useState(false);
  const detail = useOrder(payment.order.orderNo, 2000);
  const order = detail.data?.order ?? payment.order;
  const waiting = awaitingPayment(order) && !order.paymentDeclined;
  const view = resultView(detail.data?.result ?? 'orderNotPaid');

  useEffect(() => {
    if (!awaitingPayment(order)) void refresh();
  }, [order, refresh]);

  async function cancel() {
    try {
      await cancelOrder(api, order.orderNo);
      await detail.refetch();
    } catch (error) {
      message.error(errorText(t, error));
    }
  }

  async function checkPaid() {
    setChecked(true);
    await detail.refetch();
  }

  const summary = (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'item', label: t('order.column.item'), children: order.description },
        {
          key: 'amount',
          label: t('order.column.amount'),
          children: (
            <strong data-testid="payment-amount">{moneyText(order.amount, order.currency, i18n.language)}</strong>
          ),
        },
        {
          key: 'no',
          label: t('order.column.orderNo'),
          children: <Typography.Text copyable>{order.orderNo}</Typography.Text>,
        },
      ]}
    />
  );

  return (
    <Modal
      open
      title={t('order.payment.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="payment-dialog"
    >
      {summary}
      {waiting ? (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          {payment.scan ? (
            <Flex vertical align="center" gap={8} data-testid="payment-scan">
              <QRCode value={payment.checkoutUrl} size={200} />
              <Typography.Text type="secondary">{t('order.payment.scan')}</Typography.Text>
            </Flex>
          ) : null}
          {payment.blocked ? (
            <Alert
              type="warning"
              showIcon
              title={t('client.popupBlocked')}
              description={
                <a href={payment.checkoutUrl} target="_blank" rel="noopener" data-testid="payment-open-link">
                  <ExportOutlined /> {t('order.payment.openCheckout')}
                </a>
              }
              data-testid="payment-popup-blocked"
            />
          ) : (
            <Flex align="center" gap={12} data-testid="payment-waiting" hidden={payment.scan}>
              <Spin />
              <span>{t('order.payment.waiting')}</span>
            </Flex>
          )}
          {checked && detail.data?.result === 'orderNotPaid' && !detail.isFetching ? (
            <Alert type="info" showIcon title={t('errors.orderNotPaid')} data-testid="payment-not-paid" />
          ) : null}
          <Flex gap={8} wrap justify="flex-end">
            <Button danger onClick={() => void cancel()} data-testid="payment-cancel-order">
              {t('order.action.cancel')}
            </Button>
            {payment.scan ? null : (
              <Button icon={<ReloadOutlined />} onClick={() => onPayAgain(order.orderNo)} data-testid="payment-reopen">
                {t('order.payment.reopen')}
              </Button>
            )}
            <Button
              type="primary"
              loading={detail.isFetching && checked}
              onClick={() => void checkPaid()}
              data-testid="payment-check"
            >
              {t('order.payment.iHavePaid')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Result
          status={view.status}
          title={t(view.message)}
          subTitle={
            awaitingPayment(order)
              ? t('order.payment.declinedHint')
              : order.status === OrderStatus.overdue
                ? t('order.payment.expired')
                : undefined
          }
          extra={[
            awaitingPayment(order) ? (
              <Button key="again" onClick={() => onPayAgain(order.orderNo)} data-testid="payment-try-again">
                {t('order.payment.tryAgain')}
              </Button>
            ) : null,
            <Button key="done" type="primary" onClick={onClose} data-testid="payment-done">
              {t('order.payment.done')}
            </Button>,
          ]}
          data-testid="payment-result"
          data-result={detail.data?.result}
        />
      )}
    </Modal>
  );
}
