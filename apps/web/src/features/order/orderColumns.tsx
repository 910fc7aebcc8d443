import { CloseCircleOutlined, CreditCardOutlined, RollbackOutlined } from '@ant-design/icons';
import { moneyText, ServiceType } from '@smartlock/contract';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../i18n/format';
import { type RowLinkAction, RowLinkActions } from '../../ui/RowLinkActions';
import { methodName } from '../service/priceChoice';
import type { OrderItem } from '../service/serviceQueries';
import { awaitingPayment, orderStatusTag } from './paymentResult';

export type OrderAction = 'pay' | 'cancel' | 'refund';

/** What can be done with an order now: pay or cancel while it waits, refund while it may. */
export function orderActions(t: TFunction, order: OrderItem): RowLinkAction[] {
  const actions: RowLinkAction[] = [];
  if (awaitingPayment(order)) {
    actions.push(
      { key: 'pay', icon: <CreditCardOutlined />, label: t('order.action.pay'), testId: 'order-pay' },
      {
        key: 'cancel',
        icon: <CloseCircleOutlined />,
        label: t('order.action.cancel'),
        testId: 'order-cancel',
        danger: true,
      },
    );
  }
  if (order.refundable) {
    actions.push({
      key: 'refund',
      icon: <RollbackOutlined />,
      label: t('order.action.refund'),
      testId: 'order-refund',
    });
  }
  return actions;
}

/** The purchase records' columns (on a phone: the order, its item, amount, status and actions). */
export function orderColumns(
  t: TFunction,
  language: string,
  onAction: (action: OrderAction, order: OrderItem) => void,
  phone = false,
): ColumnsType<OrderItem> {
  const onPhone = new Set(['item', 'amount', 'status', 'actions']);
  const columns: ColumnsType<OrderItem> = [
    {
      key: 'orderNo',
      title: t('order.column.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string) => <Typography.Text code>{orderNo}</Typography.Text>,
    },
    {
      key: 'item',
      title: t('order.column.item'),
      render: (_: unknown, order: OrderItem) => (
        <Flex gap={6} align="center">
          {order.serviceType === ServiceType.vip ? <Tag color="gold">VIP</Tag> : null}
          {order.description}
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('order.column.amount'),
      align: 'right',
      render: (_: unknown, order: OrderItem) => moneyText(order.amount, order.currency, language),
    },
    {
      key: 'method',
      title: t('order.column.method'),
      render: (_: unknown, order: OrderItem) => t(methodName(order.paymentMethod)),
    },
    {
      key: 'status',
      title: t('order.column.status'),
      render: (_: unknown, order: OrderItem) => {
        const tag = orderStatusTag(order.status);
        return (
          <Flex vertical gap={2}>
            <Tag color={tag.color} data-testid="order-status" data-status={order.status}>
              {t(tag.key)}
            </Tag>
            {order.paymentDeclined ? (
              <Typography.Text type="danger">{t('errors.paymentFailed')}</Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'createdAt',
      title: t('order.column.createdAt'),
      render: (_: unknown, order: OrderItem) => formatDateTime(order.createdAt, language),
    },
    {
      key: 'paidAt',
      title: t('order.column.paidAt'),
      render: (_: unknown, order: OrderItem) =>
        order.paidAt
          ? formatDateTime(order.paidAt, language)
          : awaitingPayment(order)
            ? t('order.payBefore', { time: formatDateTime(order.expiresAt, language) })
            : '—',
    },
    {
      key: 'actions',
      title: t('order.column.actions'),
      fixed: phone ? undefined : 'right',
      render: (_: unknown, order: OrderItem) => (
        <RowLinkActions actions={orderActions(t, order)} onAction={(key) => onAction(key as OrderAction, order)} />
      ),
    },
  ];
  return phone ? columns.filter((column) => onPhone.has(String(column.key))) : columns;
}
