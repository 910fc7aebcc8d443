import { CALLBACK_URL_MAX } from '@smartlock/contract';
import { App, Button, Card, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatCount, formatDateTime } from '../../i18n/format';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { useSubmission } from '../../ui/useSubmission';
import { useOpenApiClient, useRotateClientSecret, useSetCallbackUrl } from './developerApi';
import { SecretOnce } from './SecretOnce';

/**
 * The account's client of the TTLock-compatible open API (docs/ttlock-compat.md): its client id,
 * making or rotating its secret (shown once; the old one's tokens end), where new unlock records
 * are posted, and this month's calls.
 */
export function OpenApiClientSection() {
  const { t, i18n } = useTranslation();
  const client = useOpenApiClient();
  const { mutateAsync: rotate } = useRotateClientSecret();
  const { mutateAsync: saveCallback } = useSetCallbackUrl();
  const { modal, message } = App.useApp();
  const [secret, setSecret] = useState<string>();
  const [form] = Form.useForm<{ callbackUrl: string }>();
  const saving = useSubmission();
  const callbackUrl = client.data?.callbackUrl;

  useEffect(() => {
    if (callbackUrl !== undefined) form.setFieldsValue({ callbackUrl });
  }, [callbackUrl, form]);

  const makeSecret = async () => {
    try {
      setSecret((await rotate({})).clientSecret);
    } catch (error) {
      message.error(errorText(t, error));
    }
  };
  const confirmRotate = () =>
    modal.confirm({
      title: t('developer.rotateConfirm'),
      content: t('developer.rotateWarning'),
      okText: t('developer.rotate'),
      okButtonProps: { danger: true, 'data-testid': 'open-api-rotate-confirm' },
      onOk: makeSecret,
    });

  const title = <h2 style={{ font: 'inherit', margin: 0 }}>{t('developer.openApi')}</h2>;
  if (!client.data) {
    return (
      <Card title={title}>
        <LoadingOrFailure error={client.error} retry={() => void client.refetch()} />
      </Card>
    );
  }
  const made = client.data.clientId !== '';
  return (
    <Card title={title} data-testid="open-api-client">
      <Typography.Paragraph type="secondary">{t('developer.openApiIntro')}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'clientId',
            label: t('developer.clientId'),
            children: made ? (
              <Typography.Text code copyable={{ tooltips: [t('developer.copy'), t('developer.copied')] }}>
                {client.data.clientId}
              </Typography.Text>
            ) : (
              t('developer.noClient')
            ),
          },
          {
            key: 'secret',
            label: t('developer.clientSecret'),
            children:
              client.data.secretChangedAt === null
                ? t('developer.noSecret')
                : t('developer.secretMadeAt', { date: formatDateTime(client.data.secretChangedAt, i18n.language) }),
          },
          {
            key: 'calls',
            label: t('developer.callsThisMonth'),
            children: (
              <span data-testid="open-api-calls">{formatCount(client.data.callsThisMonth, i18n.language)}</span>
            ),
          },
        ]}
      />
      <Button
        onClick={client.data.secretChangedAt === null ? () => void makeSecret() : confirmRotate}
        style={{ margin: '12px 0 20px' }}
        data-testid="open-api-rotate"
      >
        {client.data.secretChangedAt === null ? t('developer.makeSecret') : t('developer.rotate')}
      </Button>
      <Form
        form={form}
        layout="vertical"
        name="open-api-callback"
        requiredMark={false}
        onFinish={(values) =>
          void saving.run(async () => {
            await saveCallback({ callbackUrl: values.callbackUrl.trim() });
            message.success(t('developer.callbackSaved'));
          })
        }
      >
        <Form.Item
          name="callbackUrl"
          label={t('developer.callbackUrl')}
          extra={t('developer.callbackHint')}
          rules={[
            { type: 'url', message: t('developer.callbackInvalid') },
            { max: CALLBACK_URL_MAX, message: t('developer.callbackInvalid') },
          ]}
          validateStatus={saving.error ? 'error' : undefined}
          help={saving.error}
        >
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/ttlock"
            maxLength={CALLBACK_URL_MAX}
            data-testid="open-api-callback"
          />
        </Form.Item>
        <Button htmlType="submit" loading={saving.busy} data-testid="open-api-callback-save">
          {t('developer.save')}
        </Button>
      </Form>
      {secret ? (
        <Modal
          open
          title={t('developer.secretCreated')}
          onCancel={() => setSecret(undefined)}
          maskClosable={false}
          footer={
            <Button type="primary" onClick={() => setSecret(undefined)} data-testid="open-api-secret-done">
              {t('developer.done')}
            </Button>
          }
        >
          <SecretOnce label={t('developer.clientSecret')} secret={secret} testId="open-api-secret-value" />
        </Modal>
      ) : null}
    </Card>
  );
}
