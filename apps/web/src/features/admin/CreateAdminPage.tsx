import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { REMARK_MAX } from '@smartlock/contract';
import { App, Card, Col, Divider, Flex, Form, Input, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { FormFooter } from '../../ui/FormFooter';
import { LinkButton } from '../../ui/LinkButton';
import type { PickedLock } from '../../ui/LockPickerTable';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from '../auth/AccountField';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { newValidity, type ValidityDraft } from '../credentials/validity';
import { validityRules } from '../credentials/validityRules';
import { OwnedLockPicker } from '../lock/OwnedLockPicker';
import { AdminGroupsSelect } from './AdminGroupsSelect';
import { useAddAdmin } from './adminApi';
import { addAdminIssue, addAdminParams, adminErrorText } from './adminParams';
import { ADMIN_HOME } from './adminPaths';

interface CreateAdminValues {
  country: string;
  account: string;
  validity: ValidityDraft;
  remarks: string;
}

/**
 * Adds an authorized administrator (spec: auth/create): a registered account (mobile number with
 * its country code, or email), the locks and whole groups they may manage, a validity
 * (permanent by default) and remarks. Back to the administrators with how many locks it gave.
 */
export default function CreateAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const addAdmin = useAddAdmin();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const [form] = Form.useForm<CreateAdminValues>();
  const [initial] = useState<CreateAdminValues>(() => ({
    country: DEFAULT_COUNTRY,
    account: '',
    validity: newValidity(Date.now()),
    remarks: '',
  }));
  const [locks, setLocks] = useState<PickedLock[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  useLeaveConfirmation((touched || locks.length > 0 || groupIds.length > 0) && !done);

  // Leaves only once the leave confirmation knows there is nothing left to lose.
  useEffect(() => {
    if (done) navigate(ADMIN_HOME);
  }, [done, navigate]);

  async function submit(values: CreateAdminValues) {
    const { account, countryCode } = accountOf(form);
    const input = {
      receiver: { kind, account, countryCode },
      selection: { lockIds: locks.map((item) => item.lockId), groupIds },
      validity: values.validity,
      remarks: values.remarks,
    };
    const issue = addAdminIssue(input, Date.now());
    if (issue) return setError(t(issue.key, issue.params));
    setError(undefined);
    setBusy(true);
    try {
      const reply = await addAdmin.mutateAsync(addAdminParams(input));
      message.success(t('admin.added', { account, count: reply.count }));
      setDone(true);
    } catch (failure) {
      setError(adminErrorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <LinkButton
        to={ADMIN_HOME}
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
        data-testid="admin-back"
      >
        {t('admin.back')}
      </LinkButton>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('admin.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('admin.locksSection')} size="small">
            <Typography.Paragraph type="secondary">{t('admin.locksHint')}</Typography.Paragraph>
            <Flex vertical gap={12} data-testid="admin-locks-picker">
              <OwnedLockPicker testId="admin" emptyKey="admin.noOwnLocks" selected={locks} onChange={setLocks} />
            </Flex>
            <Divider titlePlacement="start" plain>
              {t('admin.groups')}
            </Divider>
            <AdminGroupsSelect value={groupIds} onChange={setGroupIds} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('admin.groupsHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('admin.accountSection')} size="small">
            <Form<CreateAdminValues>
              form={form}
              layout="vertical"
              initialValues={initial}
              requiredMark={false}
              onValuesChange={() => setTouched(true)}
              onFinish={(values) => void submit(values)}
              data-testid="admin-create-form"
            >
              <AccountField
                form={form}
                kind={kind}
                testId="admin-account"
                onKindChange={(next) => {
                  setKind(next);
                  setTouched(true);
                }}
              />
              <Typography.Paragraph type="secondary">{t('admin.accountHint')}</Typography.Paragraph>
              <Form.Item name="validity" label={t('validity.label')} rules={validityRules(t)}>
                <ValidityEditor />
              </Form.Item>
              <Form.Item name="remarks" label={t('admin.remarks')}>
                <Input.TextArea
                  maxLength={REMARK_MAX}
                  showCount
                  autoSize={{ minRows: 2 }}
                  data-testid="admin-remarks"
                />
              </Form.Item>
              <FormFooter
                error={error}
                errorTestId="admin-create-error"
                icon={<UserAddOutlined />}
                busy={busy}
                testId="admin-create-submit"
              >
                {t('admin.submit')}
              </FormFooter>
            </Form>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
