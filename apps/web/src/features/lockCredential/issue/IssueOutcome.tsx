import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManageTab } from '../../../app/manageTabs';
import { LinkButton } from '../../../ui/LinkButton';
import { CredentialOperationStatus } from '../../credentials/CredentialOperationStatus';
import { tabPath } from '../../lock/detail/lockTabs';
import type { useIssueOperation } from './useIssueOperation';

/**
 * The lower part of an issue form: that the credential goes through the gateway, why the form
 * cannot be sent (`issue`) or why the server refused it (`error`), the addition followed to its
 * end, and a way back to the lock's list when it failed. `children` (a step of its own, such as
 * writing a hotel card) comes before the operation.
 */
export function IssueOutcome({
  form,
  tab,
  lockId,
  issue,
  error,
  operation,
  addedName,
  backLabel,
  children,
}: {
  /** Names the test ids: issue-<form>-invalid, issue-<form>-error. */
  form: string;
  tab: ManageTab;
  lockId: number;
  issue: string | undefined;
  error: string | undefined;
  operation: ReturnType<typeof useIssueOperation>;
  addedName: string;
  backLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon title={t('credential.throughGateway')} style={{ marginBottom: 16 }} />
      {issue ? (
        <Alert type="error" showIcon title={issue} style={{ marginBottom: 16 }} data-testid={`issue-${form}-invalid`} />
      ) : null}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={`issue-${form}-error`} />
      ) : null}
      {children}
      <CredentialOperationStatus
        followed={operation.followed}
        title={t('credential.operation.add', { name: addedName })}
        success={t('credential.done.add')}
        style={{ marginBottom: 16 }}
        testId="credential-operation"
      />
      {operation.ended && !operation.succeeded ? (
        <LinkButton to={tabPath(tab, lockId)} data-testid="issue-back-after-failure" style={{ marginBottom: 16 }}>
          {backLabel}
        </LinkButton>
      ) : null}
    </>
  );
}
