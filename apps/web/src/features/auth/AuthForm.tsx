import { Button, Form, type FormInstance, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { Notice } from '../../ui/Notice';
import { AccountField, type AccountKind, lastAccountKind, rememberAccountKind, useAccountKinds } from './AccountField';
import { DEFAULT_COUNTRY } from './CountryCodeSelect';

/**
 * The frame of every account screen: title, notices, the failure of the last submission, the
 * account field (mobile or email as the brand allows), the screen's own fields, the submit button
 * and the links below. `name` prefixes the test ids ("login-error", "login-submit").
 */
export function AuthForm<Values>(props: {
  name: string;
  title: string;
  form: FormInstance;
  onFinish: (values: Values) => void;
  submitLabel: string;
  busy: boolean;
  error: string | undefined;
  notices?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(() => lastAccountKind(kinds));
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={`${props.name}-title`}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      <h1
        id={`${props.name}-title`}
        style={{
          marginTop: 0,
          fontSize: token.fontSizeHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {props.title}
      </h1>
      {props.notices}
      {props.error ? (
        <Notice
          type="error"
          showIcon
          title={props.error}
          style={{ marginBottom: 16 }}
          data-testid={`${props.name}-error`}
        />
      ) : null}
      <Form<Values>
        form={props.form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={(values) => {
          rememberAccountKind(kind);
          props.onFinish(values);
        }}
        requiredMark={false}
      >
        <AccountField form={props.form} kind={kind} onKindChange={setKind} />
        {props.children}
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={props.busy}
          data-testid={`${props.name}-submit`}
        >
          {props.submitLabel}
        </Button>
      </Form>
      {props.footer}
    </section>
  );
}
