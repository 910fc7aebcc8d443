import { ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/failureMessage';
import { formatDateTime } from '../../../i18n/format';
import { useCreateUnlockLink } from '../lockApi';
import { MAX_VALID_MINUTES, unlockLinkUrl, VALIDITY_CHOICES, type ValidityKey, validMinutesOf } from './unlockLink';

/**
 * "Share unlock link" on the lock-detail header: pick how long the link is valid, create it,
 * then copy the full address. Anyone holding it can unlock the lock until it expires.
 */
export function ShareUnlockLink({ lockId, lockName }: { lockId: number; lockName: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ValidityKey>('hour');
  const [custom, setCustom] = useState<number | null>(30);
  const create = useCreateUnlockLink();
  const minutes = validMinutesOf(choice, custom);
  const link = create.data;
  const url = link ? unlockLinkUrl(location.origin, link.token) : undefined;
  const close = () => {
    setOpen(false);
    create.reset();
  };

  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="open-unlock-link">
        {t('unlockLink.share')}
      </Button>
      <Modal
        open={open}
        title={t('unlockLink.dialogTitle', { lockName })}
        onCancel={close}
        destroyOnHidden
        footer={
          link ? (
            <Flex justify="end" gap={8}>
              <Button onClick={() => create.reset()}>{t('unlockLink.another')}</Button>
              <Button type="primary" onClick={close}>
                {t('unlockLink.done')}
              </Button>
            </Flex>
          ) : (
            <Flex justify="end" gap={8}>
              <Button onClick={close}>{t('unlockLink.cancel')}</Button>
              <Button
                type="primary"
                disabled={minutes === undefined}
                loading={create.isPending}
                onClick={() => minutes !== undefined && create.mutate({ lockId, validMinutes: minutes })}
                data-testid="create-unlock-link"
              >
                {t('unlockLink.create')}
              </Button>
            </Flex>
          )
        }
      >
        {link && url ? (
          <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="unlock-link-result">
            <Alert
              type="warning"
              showIcon
              title={t('unlockLink.warning', { time: formatDateTime(link.expiresAt, i18n.language) })}
            />
            <Typography.Paragraph
              copyable={{ text: url, tooltips: [t('unlockLink.copy'), t('unlockLink.copied')] }}
              code
              style={{ wordBreak: 'break-all', marginBottom: 0 }}
              data-testid="unlock-link-url"
            >
              {url}
            </Typography.Paragraph>
            <Typography.Text type="secondary" data-testid="unlock-link-expiry">
              {t('unlockLink.expiresAt', { time: formatDateTime(link.expiresAt, i18n.language) })}
            </Typography.Text>
          </Space>
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text>{t('unlockLink.validFor')}</Typography.Text>
            <Radio.Group
              value={choice}
              onChange={(event) => setChoice(event.target.value as ValidityKey)}
              data-testid="unlock-link-validity"
            >
              <Space orientation="vertical">
                {VALIDITY_CHOICES.map((c) => (
                  <Radio key={c.key} value={c.key}>
                    {t(`unlockLink.choice.${c.key}`)}
                  </Radio>
                ))}
                <Radio value="custom">
                  <Space>
                    {t('unlockLink.choice.custom')}
                    <InputNumber
                      min={1}
                      max={MAX_VALID_MINUTES}
                      precision={0}
                      value={custom}
                      onChange={(value) => setCustom(value)}
                      onFocus={() => setChoice('custom')}
                      suffix={t('unlockLink.minutes')}
                      style={{ width: 160 }}
                      data-testid="unlock-link-minutes"
                    />
                  </Space>
                </Radio>
              </Space>
            </Radio.Group>
            {choice === 'custom' && minutes === undefined ? (
              <Typography.Text type="danger">
                {t('unlockLink.minutesRange', { max: MAX_VALID_MINUTES })}
              </Typography.Text>
            ) : null}
            <Typography.Text type="secondary">{t('unlockLink.anyoneHint')}</Typography.Text>
            {create.isError ? <Alert type="error" showIcon title={errorText(t, create.error)} /> : null}
          </Space>
        )}
      </Modal>
    </>
  );
}
