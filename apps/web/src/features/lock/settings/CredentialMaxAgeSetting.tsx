import { EKEY_CREDENTIAL_MAX_AGE_DAYS, validateEKeyCredentialMaxAge } from '@smartlock/contract';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { verdictRule } from '../../../ui/formRules';
import { useSubmission } from '../../../ui/useSubmission';
import { type LockDetail, useSetEKeyCredentialMaxAge } from '../lockApi';
import { credentialMaxAgeChanged, credentialMaxAgeMode } from './lockSettings';
import { SettingRow } from './SettingRow';

/**
 * The longest an eKey credential for the lock lives (1 to 30 days, the contract's rule): the
 * owner's setting, kept by the cloud and saved at once (no gateway needed); an authorized
 * administrator sees it read-only.
 */
export function CredentialMaxAgeSetting({
  detail,
  onDirty,
}: {
  detail: LockDetail;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setMaxAge = useSetEKeyCredentialMaxAge();
  const [form] = Form.useForm<{ days: string }>();
  const typed = Form.useWatch('days', form);
  const { error, busy, run } = useSubmission();
  const saved = detail.eKeyCredentialMaxAgeDays;
  const editable = credentialMaxAgeMode(detail.role) === 'edit';
  const dirty = editable && credentialMaxAgeChanged(typed, saved);

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  async function submit(values: { days: string }) {
    await run(async () => {
      await setMaxAge.mutateAsync({ lockId: detail.lockId, days: Number(values.days.trim()) });
      message.success(t('settings.credentialMaxAgeSaved'));
    });
  }

  return (
    <SettingRow
      testId="setting-credential-max-age"
      title={t('settings.credentialMaxAge')}
      description={t('settings.credentialMaxAgeHint', { ...EKEY_CREDENTIAL_MAX_AGE_DAYS })}
      control={
        editable ? null : (
          <Typography.Text strong data-testid="credential-max-age-value">
            {saved} {t('settings.days')}
          </Typography.Text>
        )
      }
    >
      {editable ? (
        <Form form={form} initialValues={{ days: String(saved) }} onFinish={submit} style={{ marginTop: 8 }}>
          <Form.Item style={{ marginBottom: 0 }}>
            <Space.Compact>
              <Form.Item
                name="days"
                noStyle
                rules={[verdictRule(t, validateEKeyCredentialMaxAge)]}
                validateTrigger={['onChange', 'onBlur']}
              >
                <Input
                  inputMode="numeric"
                  suffix={t('settings.days')}
                  style={{ width: 150 }}
                  aria-label={t('settings.credentialMaxAge')}
                  data-testid="credential-max-age-input"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                disabled={!dirty || busy}
                loading={busy}
                data-testid="credential-max-age-submit"
              >
                {t('settings.save')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="credential-max-age-owner-only">
          {t('settings.credentialMaxAgeOwnerOnly')}
        </Typography.Paragraph>
      )}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
    </SettingRow>
  );
}
