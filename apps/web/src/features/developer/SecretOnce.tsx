import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A secret shown once: the warning, then the secret with its copy button. */
export function SecretOnce({ label, secret, testId }: { label: string; secret: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={t('developer.secretOnce')} style={{ marginBottom: 12 }} />
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Paragraph
        code
        copyable={{ text: secret, tooltips: [t('developer.copy'), t('developer.copied')] }}
        style={{ overflowWrap: 'anywhere', marginTop: 4 }}
        data-testid={testId}
      >
        {secret}
      </Typography.Paragraph>
    </>
  );
}
