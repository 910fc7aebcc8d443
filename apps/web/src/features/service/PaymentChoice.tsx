import type { Currency, PaymentMethod } from '@smartlock/contract';
import { Form, Radio, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyFor, currencyName, methodName, methodsFor } from './priceChoice';
import type { PriceList } from './serviceQueries';

export interface PaymentChoice {
  currency: (typeof Currency)[keyof typeof Currency];
  /** A method that takes the currency, or none when no method does. */
  method: (typeof PaymentMethod)[keyof typeof PaymentMethod] | undefined;
  setCurrency: (currency: number) => void;
  setMethod: (method: number) => void;
}

/**
 * The currency and the payment method of a purchase, kept consistent: a currency the method
 * does not take moves the method to one that does, a method moves the currency to one it takes.
 */
export function usePaymentChoice(list: PriceList): PaymentChoice {
  const [currency, setCurrency] = useState(list.defaultCurrency);
  const [method, setMethod] = useState<number | undefined>(methodsFor(list, list.defaultCurrency)[0]);
  const methods = methodsFor(list, currency);
  return {
    currency: currency as PaymentChoice['currency'],
    method:
      method !== undefined && methods.includes(method as never) ? (method as PaymentChoice['method']) : methods[0],
    setCurrency,
    setMethod: (next) => {
      setMethod(next);
      setCurrency(currencyFor(list, next, currency));
    },
  };
}

/** The currency, as a segmented choice of the currencies offered. */
export function CurrencyField({ list, choice }: { list: PriceList; choice: PaymentChoice }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('service.currency')}>
      <Segmented
        value={choice.currency}
        onChange={choice.setCurrency}
        options={list.currencies.map((c) => ({ value: c, label: t(currencyName(c)) }))}
        data-testid="purchase-currency"
      />
    </Form.Item>
  );
}

/** The payment method: every method offered (choosing one takes a currency it takes). */
export function PaymentMethodField({ list, choice }: { list: PriceList; choice: PaymentChoice }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('service.method')}>
      <Radio.Group
        value={choice.method}
        onChange={(event) => choice.setMethod(event.target.value as number)}
        data-testid="purchase-methods"
      >
        {list.paymentMethods.map((m) => (
          <Radio key={m.method} value={m.method} data-testid={`purchase-method-${m.method}`}>
            {t(methodName(m.method))}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
