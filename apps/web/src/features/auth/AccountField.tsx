import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { BrandAccountType } from '@smartlock/contract';
import { Form, type FormInstance, Space } from 'antd';
// The input alone (not antd's Input namespace, which brings the text area along).
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { SegmentedChoice } from '../../ui/SegmentedChoice';
import { CountryCodeSelect, callingCodeOf } from './CountryCodeSelect';
import { accountRules } from './rules';

export type AccountKind = 'mobile' | 'email';

/** The account kinds the brand accepts, mobile first. */
export function useAccountKinds(): AccountKind[] {
  const { brand } = useConsole();
  if (brand.accountType === BrandAccountType.mobile) return ['mobile'];
  if (brand.accountType === BrandAccountType.email) return ['email'];
  return ['mobile', 'email'];
}

const LAST_KIND = 'sl.accountKind';

/** The account kind this browser last signed in, registered or reset with, if the brand takes it; else the brand's first. */
export function lastAccountKind(kinds: readonly AccountKind[]): AccountKind {
  let last: string | null = null;
  try {
    last = localStorage.getItem(LAST_KIND);
  } catch {
    // Storage refused (a private window): the brand's first kind.
  }
  return kinds.find((kind) => kind === last) ?? kinds[0] ?? 'email';
}

export function rememberAccountKind(kind: AccountKind): void {
  try {
    localStorage.setItem(LAST_KIND, kind);
  } catch {
    // Storage refused: the next visit opens on the brand's first kind.
  }
}

/** Reads the account fields of a form: the account and its calling code. */
export function accountOf(form: FormInstance): { account: string; countryCode: string } {
  return {
    account: String(form.getFieldValue('account') ?? '').trim(),
    countryCode: callingCodeOf(form.getFieldValue('country')),
  };
}

/** Mobile number with a country-code picker, or an email address, as the brand allows. */
export function AccountField({
  form,
  kind,
  onKindChange,
  testId = 'account',
  only,
}: {
  form: FormInstance;
  kind: AccountKind;
  onKindChange: (kind: AccountKind) => void;
  /** The account input's test id. */
  testId?: string;
  /** One kind only (no switch), whatever the brand takes: binding a mobile number or an email. */
  only?: AccountKind;
}) {
  const { t } = useTranslation();
  const brandKinds = useAccountKinds();
  const kinds = only ? [only] : brandKinds;
  const rules = accountRules(t, kind, () => callingCodeOf(form.getFieldValue('country')));
  return (
    <>
      {kinds.length > 1 ? (
        <Form.Item>
          <SegmentedChoice<AccountKind>
            ariaLabel={t('auth.accountKind')}
            value={kind}
            onChange={(value) => {
              onKindChange(value);
              form.setFieldValue('account', '');
            }}
            options={[
              { value: 'mobile', label: t('auth.mobile'), icon: <MobileOutlined /> },
              { value: 'email', label: t('auth.email'), icon: <MailOutlined /> },
            ]}
            testId="account-kind"
          />
        </Form.Item>
      ) : null}
      {kind === 'mobile' ? (
        <Form.Item label={t('auth.mobile')} required>
          <Space.Compact block>
            <Form.Item name="country" noStyle>
              <CountryCodeSelect />
            </Form.Item>
            <Form.Item name="account" noStyle rules={rules} validateTrigger="onBlur">
              <Input
                aria-label={t('auth.mobile')}
                inputMode="tel"
                autoComplete="tel-national"
                placeholder={t('auth.mobilePlaceholder')}
                data-testid={testId}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      ) : (
        <Form.Item name="account" label={t('auth.email')} rules={rules} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} data-testid={testId} />
        </Form.Item>
      )}
    </>
  );
}
