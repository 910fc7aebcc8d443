import { Alert, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../api/failureMessage';
import { useRouteLockId } from '../../../app/routeLockId';
import { LoadingOrFailure } from '../../../ui/LoadingOrFailure';
import { EKeyTab } from '../../ekey/EKeyTab';
import { CredentialKindTab } from '../../lockCredential/CredentialKindTab';
import { kindOfTab } from '../../lockCredential/kinds';
import { PasscodeTab } from '../../passcode/PasscodeTab';
import { useLockDetail } from '../lockApi';
import { LockSettingsDrawer } from '../settings/LockSettingsDrawer';
import { LockHeader } from './LockHeader';
import { lockTabs, tabCount, tabOfPath, tabPath } from './lockTabs';

/**
 * A lock's detail (spec: manage/:name): its labels, the credential tabs it supports, and its
 * settings in a drawer.
 */
export default function LockDetailPage() {
  const { t } = useTranslation();
  const lockId = useRouteLockId();
  const navigate = useNavigate();
  const tab = tabOfPath(useLocation().pathname) ?? 'ekey';
  const detail = useLockDetail(lockId);
  const [settings, setSettings] = useState(false);

  if (!detail.data) {
    return (
      <LoadingOrFailure
        error={detail.isError ? detail.error : undefined}
        retry={() => void detail.refetch()}
        testId="lock-detail-error"
      />
    );
  }
  const tabs = lockTabs(detail.data.featureValue);
  const kind = kindOfTab(tab);
  if (!tabs.includes(tab)) return <Navigate to={tabPath('ekey', lockId)} replace />;
  return (
    <>
      {detail.isRefetchError ? (
        <Alert type="warning" showIcon title={errorText(t, detail.error)} style={{ marginBottom: 12 }} />
      ) : null}
      <LockHeader detail={detail.data} onSettings={() => setSettings(true)} />
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(tabPath(key as typeof tab, lockId))}
        items={tabs.map((name) => {
          const count = tabCount(name, detail.data.credentialCounts);
          const label = t(`route.manage.${name}`);
          return {
            key: name,
            label: (
              <span data-testid={`tab-${name}`} data-count={count}>
                {count === undefined ? label : t('lockDetail.tabCount', { label, count })}
              </span>
            ),
          };
        })}
        style={{ marginTop: 16 }}
        data-testid="lock-tabs"
      />
      {tab === 'ekey' ? <EKeyTab detail={detail.data} /> : null}
      {tab === 'passcode' ? <PasscodeTab detail={detail.data} /> : null}
      {kind ? <CredentialKindTab key={kind} kind={kind} detail={detail.data} /> : null}
      {settings ? <LockSettingsDrawer detail={detail.data} onClose={() => setSettings(false)} /> : null}
    </>
  );
}
