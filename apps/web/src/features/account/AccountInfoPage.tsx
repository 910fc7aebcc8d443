import { Col, Row } from 'antd';
import { useUserInfo } from '../../app/userInfo';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { AccountEndCard } from './AccountEndCard';
import { ProfileCard } from './ProfileCard';
import { SecurityCard } from './SecurityCard';

/**
 * Account information (account/info): the profile, the account's identifiers and password, and
 * the account as a whole (hand everything over, delete it).
 */
export default function AccountInfoPage() {
  const { data: me, error, refetch } = useUserInfo();
  if (!me) return <LoadingOrFailure error={error} retry={() => void refetch()} />;
  return (
    <Row gutter={[16, 16]} data-testid="account-info">
      <Col xs={24} xl={12}>
        <ProfileCard me={me} />
      </Col>
      <Col xs={24} xl={12}>
        <SecurityCard me={me} />
      </Col>
      <Col xs={24}>
        <AccountEndCard />
      </Col>
    </Row>
  );
}
