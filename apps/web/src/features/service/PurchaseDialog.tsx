import { type Currency, moneyText, type PaymentMethod } from '@smartlock/contract';
import { Descriptions, Form, Modal, Radio, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyFor, currencyName, methodName, methodsFor, priceIn, serviceName } from './priceChoice';
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
  const [currency, setCurrency] = useState(list.defaultCurrency);
  const methods = methodsFor(list, currency);
  const [method, setMethod] = useState<number | undefined>(methods[0]);
  const [quantity, setQuantity] = useState(offer?.packages[0]);
  const unit = priceIn(offer?.unitPrices ?? [], currency);
  const total = unit !== undefined && quantity !== undefined ? unit * quantity : undefined;
  const money = (minor: number) => moneyText(minor, currency, i18n.language);
  const chosenMethod = method !== undefined && methods.includes(method as never) ? method : methods[0];

  return (
    <Modal
      open
      title={t('service.buyTitle', { service: t(serviceName(serviceType)) })}
      okText={total !== undefined ? t('service.pay', { amount: money(total) }) : t('service.payShort')}
      okButtonProps={{
        disabled: total === undefined || chosenMethod === undefined || quantity === undefined,
        'data-testid': 'purchase-pay',
      }}
      onOk={() => {
        if (quantity === undefined || chosenMethod === undefined) return;
        onPay({
          serviceType,
          quantity,
          currency: currency as PurchaseChoice['currency'],
          paymentMethod: chosenMethod as PurchaseChoice['paymentMethod'],
        });
      }}
      onCancel={onClose}
      destroyOnHidden
      data-testid="purchase-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('service.currency')}>
          <Segmented
            value={currency}
            onChange={(value) => {
              setCurrency(value);
              if (method !== undefined)
                setMethod(methodsFor(list, value).includes(method as never) ? method : undefined);
            }}
            options={list.currencies.map((c) => ({ value: c, label: t(currencyName(c)) }))}
            data-testid="purchase-currency"
          />
        </Form.Item>
        <Form.Item label={t('service.package')}>
          <Radio.Group
            value={quantity}
            onChange={(event) => setQuantity(event.target.value as number)}
            data-testid="purchase-packages"
          >
            {(offer?.packages ?? []).map((count) => (
              <Radio.Button key={count} value={count} data-testid={`purchase-package-${count}`}>
                {t('service.packageOption', {
                  count: count.toLocaleString(i18n.language.replace('_', '-')),
                  price: unit !== undefined ? money(unit * count) : '—',
                })}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('service.method')}>
          <Radio.Group
            value={chosenMethod}
            onChange={(event) => {
              const next = event.target.value as number;
              setMethod(next);
              setCurrency(currencyFor(list, next, currency));
            }}
            data-testid="purchase-methods"
          >
            {list.paymentMethods.map((m) => (
              <Radio
                key={m.method}
                value={m.method}
                disabled={!m.currencies.includes(currency)}
                data-testid={`purchase-method-${m.method}`}
              >
                {t(methodName(m.method))}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
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
