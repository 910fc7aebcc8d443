import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManageTab } from '../../../app/routeTable';

/** A credential tab whose contents come with the credentials work: it says so plainly and shows no data. */
export function CredentialsComing({ tab }: { tab: ManageTab }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t(`route.manage.${tab}`)}
      subTitle={t('lockDetail.credentialsComing')}
      data-testid="credentials-coming"
      data-tab={tab}
    />
  );
}
