import { type Currency, moneyText, type PaymentMethod } from '@smartlock/contract';
import { Descriptions, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyField, PaymentMethodField, usePaymentChoice } from './PaymentChoice';
import { priceIn, serviceName } from './priceChoice';
import type { PriceList } from './serviceQueries';

export interface PurchaseChoice {
  serviceType: number;
  quantity: number;
  currency: (typeof Currency)[keyof typeof Currency];
  paymentMethod: (typeof PaymentMethod)[keyof typeof PaymentMethod];
}

/**
 * Buying a package of a unit service: the package (count and price), the currency and the
 * payment method that takes it, and the total. "Pay" hands the choice over in the same click,
 * so the payment window may open.
 */
export function PurchaseDialog({
  list,
  serviceType,
  onPay,
  onClose,
}: {
  list: PriceList;
  serviceType: number;
  onPay: (choice: PurchaseChoice) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const offer = list.services.find((s) => s.serviceType === serviceType);
  const choice = usePaymentChoice(list);
  const { currency, method } = choice;
  const [quantity, setQuantity] = useState(offer?.packages[0]);
  const unit = priceIn(offer?.unitPrices ?? [], currency);
  const total = unit !== undefined && quantity !== undefined ? unit * quantity : undefined;
  const money = (minor: number) => moneyText(minor, currency, i18n.language);

  return (
    <Modal
      open
      title={t('service.buyTitle', { service: t(serviceName(serviceType)) })}
      okText={total !== undefined ? t('service.pay', { amount: money(total) }) : t('service.payShort')}
      okButtonProps={{
        disabled: total === undefined || method === undefined || quantity === undefined,
        'data-testid': 'purchase-pay',
      }}
      onOk={() => {
        if (quantity === undefined || method === undefined) return;
        onPay({ serviceType, quantity, currency, paymentMethod: method });
      }}
      onCancel={onClose}
      destroyOnHidden
      data-testid="purchase-dialog"
    >
      <Form layout="vertical">
        <CurrencyField list={list} choice={choice} />
        <Form.Item label={t('service.package')}>
          <Radio.Group
            value={quantity}
            onChange={(event) => setQuantity(event.target.value as number)}
            data-testid="purchase-packages"
          >
            {(offer?.packages ?? []).map((count) => (
              <Radio.Button key={count} value={count} data-testid={`purchase-package-${count}`}>
                {t('service.packageOption', {
                  quantity: count.toLocaleString(i18n.language.replace('_', '-')),
                  price: unit !== undefined ? money(unit * count) : '—',
                })}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <PaymentMethodField list={list} choice={choice} />
      </Form>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'unit',
            label: t('service.unitPrice'),
            children: unit !== undefined ? `${money(unit)} ${t(`commerce.unit.${unitKey(serviceType)}`)}` : '—',
          },
          {
            key: 'total',
            label: t('service.total'),
            children: (
              <Typography.Text strong data-testid="purchase-total">
                {total !== undefined ? money(total) : '—'}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** The unit a service is priced by (commerce.unit.*). */
function unitKey(serviceType: number): string {
  return serviceName(serviceType).replace('commerce.service.', '');
}
