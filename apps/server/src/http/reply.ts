import { type Envelope, ERRORS, type ErrorName, errorMessageKey, type Locale } from '@smartlock/contract';
import { translate } from '../i18n';

export function successEnvelope<T>(locale: Locale, data: T): Envelope<T> {
  return { errorCode: 0, errorMsg: translate(locale, errorMessageKey('success')), description: '', data };
}

export function errorEnvelope(
  locale: Locale,
  name: ErrorName,
  params: Record<string, string | number> = {},
  detail = '',
): Envelope<null> {
  return {
    errorCode: ERRORS[name].code,
    errorMsg: translate(locale, errorMessageKey(name), params),
    description: detail,
    data: null,
  };
}
