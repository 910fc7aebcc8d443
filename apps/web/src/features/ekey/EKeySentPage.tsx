import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { EKeyAuthorized, parseLockId } from '@smartlock/contract';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useRouteLockId } from '../../app/routeLockId';
import { LinkButton } from '../../ui/LinkButton';
import { eKeyValidityText, formatInstant } from '../credentials/validityText';
import { tabPath } from '../lock/detail/lockTabs';
import { EKeyNoticeForm } from './EKeyNoticeForm';
import { EKeyStatusTag } from './EKeyStatusTag';
import { useEKey } from './ekeyApi';
import { issueEKeyPath } from './ekeyPaths';

/**
 * A sent eKey (ekey/send): what was sent to whom, its notice sent again by email or SMS, and the
 * ways on: back to the lock's eKeys, or send another.
 */
export default function EKeySentPage() {
  const { t, i18n } = useTranslation();
  const lockId = useRouteLockId();
  const [params] = useSearchParams();
  const keyId = parseLockId(params.get('keyId'));
  const justSent = (useLocation().state as { sent?: boolean } | null)?.sent === true;
  const key = useEKey(lockId, keyId);

  const back = (
    <LinkButton to={tabPath('ekey', lockId)} key="back" data-testid="ekey-back" icon={<ArrowLeftOutlined />}>
      {t('ekey.sent.back')}
    </LinkButton>
  );
  const another = (
    <LinkButton to={issueEKeyPath(lockId)} key="another" data-testid="ekey-send-another" icon={<PlusOutlined />}>
      {t('ekey.sent.another')}
    </LinkButton>
  );

  if (keyId === undefined || key.data === null) {
    return (
      <Result
        status="warning"
        title={t('errors.ekeyNotFound')}
        extra={[back, another]}
        data-testid="ekey-sent-missing"
      />
    );
  }
  if (!key.data) {
    if (!key.isError) return <Skeleton active paragraph={{ rows: 6 }} />;
    return (
      <Result
        status="warning"
        title={errorText(t, key.error)}
        extra={[
          <Button key="retry" onClick={() => void key.refetch()}>
            {t('app.retry')}
          </Button>,
          back,
        ]}
      />
    );
  }
  const item = key.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }} data-testid="ekey-sent">
      {justSent ? (
        <Result
          status="success"
          title={t('ekey.sent.title')}
          subTitle={t('ekey.sent.subtitle', { account: item.username, lock: item.lockName })}
          style={{ paddingBlock: 16 }}
        />
      ) : null}
      <Card size="small" title={t('ekey.sent.summary')}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'lock', label: t('ekey.sent.lock'), children: item.lockName },
            {
              key: 'recipient',
              label: t('ekey.column.recipient'),
              children: <span data-testid="ekey-sent-recipient">{item.username}</span>,
            },
            { key: 'name', label: t('ekey.column.name'), children: item.keyName || '—' },
            {
              key: 'validity',
              label: t('ekey.column.validity'),
              children: <span data-testid="ekey-sent-validity">{eKeyValidityText(t, item, i18n.language)}</span>,
            },
            { key: 'status', label: t('ekey.column.status'), children: <EKeyStatusTag status={item.keyStatus} /> },
            {
              key: 'remote',
              label: t('ekey.column.remoteUnlock'),
              children: t(item.remoteEnable ? 'ekey.yes' : 'ekey.no'),
            },
            {
              key: 'admin',
              label: t('ekey.column.authorizedAdmin'),
              children:
                item.keyRight === EKeyAuthorized.yes ? (
                  <Tag color="blue">{t('ekey.authorizedAdmin')}</Tag>
                ) : (
                  t('ekey.no')
                ),
            },
            {
              key: 'sent',
              label: t('ekey.column.sent'),
              children: formatInstant(item.date, { language: i18n.language }),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('ekey.sent.noticeTitle')}>
        <EKeyNoticeForm keyId={item.keyId} lockId={lockId} />
      </Card>
      <Space wrap>
        {back}
        {another}
      </Space>
    </Flex>
  );
}
