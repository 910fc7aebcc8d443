import { OrderStatus } from '@smartlock/contract';
import { App, Flex, Grid, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { CredentialTable } from '../../ui/CredentialTable';
import { type OrderItem, useOrders, useRefreshCommerce } from '../service/serviceQueries';
import { ValueAddedFrame } from '../service/ValueAddedFrame';
import { OrderResultBanner } from './OrderResultBanner';
import { cancelOrder, refundOrder } from './orderApi';
import { type OrderAction, orderColumns } from './orderColumns';
import { orderStatusTag } from './paymentResult';
import { usePayment } from './usePayment';

const ORDER_NO = /^SL[0-9A-Z]{10,30}$/;

/**
 * Purchase records (account/record): the account's orders, newest first, by status; an order
 * waiting for its payment can be paid or cancelled, a recent unused one refunded. A checkout
 * returns here with its order, whose result is shown on top.
 */
export default function PurchaseRecordsPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  return (
    <ValueAddedFrame>
      {ORDER_NO.test(orderNo) ? <OrderResultBanner orderNo={orderNo} /> : null}
      <PurchaseRecords />
    </ValueAddedFrame>
  );
}

function PurchaseRecords() {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const { message, modal } = App.useApp();
  const refresh = useRefreshCommerce();
  const { payAgain, dialog } = usePayment();
  const [status, setStatus] = useState<number>();
  const phone = !Grid.useBreakpoint().md;
  const [page, setPage] = usePaging({ status });
  const list = useOrders({ ...page, status });
  useStepBackFromEmptyPage(list, page, setPage);

  const columns = useMemo(() => {
    async function run(send: typeof cancelOrder, order: OrderItem, done: string) {
      try {
        await send(api, order.orderNo);
        message.success(t(done));
        await refresh();
      } catch (error) {
        message.error(errorText(t, error));
      }
    }
    const act = (action: OrderAction, order: OrderItem) => {
      if (action === 'pay') void payAgain(order.orderNo);
      else if (action === 'cancel') {
        modal.confirm({
          title: t('order.cancelConfirm'),
          okText: t('order.action.cancel'),
          okButtonProps: { danger: true, 'data-testid': 'order-cancel-confirm' },
          onOk: () => run(cancelOrder, order, 'order.cancelled'),
        });
      } else {
        modal.confirm({
          title: t('order.refundConfirm', { item: order.description }),
          content: t('order.refundDetail'),
          okText: t('order.action.refund'),
          okButtonProps: { danger: true, 'data-testid': 'order-refund-confirm' },
          onOk: () => run(refundOrder, order, 'order.refunded'),
        });
      }
    };
    return orderColumns(t, i18n.language, act, phone);
  }, [api, i18n.language, message, modal, payAgain, phone, refresh, t]);

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          value={status}
          onChange={setStatus}
          placeholder={t('order.allStatuses')}
          style={{ minWidth: 200 }}
          options={Object.values(OrderStatus).map((value) => ({ value, label: t(orderStatusTag(value).key) }))}
          aria-label={t('order.column.status')}
          data-testid="order-status-filter"
        />
      </Flex>
      <CredentialTable<OrderItem>
        kind="order"
        list={list}
        columns={columns}
        rowKey="orderNo"
        searchStr=""
        onPage={setPage}
        rowProps={(item) => ({ 'data-testid': 'order-row', 'data-order': item.orderNo })}
      />
      {dialog}
    </>
  );
}
