import {
  API_KEY_LOCKS_MAX,
  API_KEY_SCOPES,
  type ApiKeyScope,
  GroupId,
  LockQueryType,
  NAME_MAX,
} from '@smartlock/contract';
import { Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { FormDialog } from '../account/FormDialog';
import { useLocks } from '../lock/lockApi';
import { useCreateApiKey } from './developerApi';
import { SecretOnce } from './SecretOnce';

interface Values {
  name: string;
  scopes: ApiKeyScope[];
  lockIds: number[];
}

/** The locks offered for a key's subset: the first page of those the account manages, by name. */
const LOCK_CHOICES = { pageNo: 1, pageSize: 200, type: LockQueryType.all, groupId: GroupId.all, lockName: '' };

/** Makes an API key: name, scopes and optionally its locks; then shows its secret, once. */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutateAsync: create } = useCreateApiKey();
  const { error, busy, run } = useSubmission();
  const [secret, setSecret] = useState<string>();
  const locks = useLocks(LOCK_CHOICES);

  if (secret) {
    return (
      <Modal
        open
        title={t('developer.keyCreated')}
        onCancel={onClose}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
            {t('developer.done')}
          </Button>
        }
        data-testid="api-key-secret"
      >
        <SecretOnce label={t('developer.keySecret')} secret={secret} testId="api-key-secret-value" />
      </Modal>
    );
  }

  const finish = (values: Values) =>
    run(async () => {
      const made = await create({
        name: values.name,
        scopes: values.scopes.join(','),
        lockIds: (values.lockIds ?? []).join(','),
      });
      setSecret(made.secret);
    });

  return (
    <FormDialog<Values>
      title={t('developer.createKey')}
      testId="api-key-create"
      form={form}
      initialValues={{ scopes: ['read'], lockIds: [] }}
      onFinish={(values) => void finish(values)}
      onClose={onClose}
      busy={busy}
      error={error}
      okText={t('developer.create')}
    >
      <Form.Item
        name="name"
        label={t('developer.keyName')}
        rules={[
          { required: true, whitespace: true, message: t('form.nameRequired') },
          { max: NAME_MAX, message: t('form.nameTooLong', { count: NAME_MAX }) },
        ]}
      >
        <Input maxLength={NAME_MAX} data-testid="api-key-name" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="scopes"
        label={t('developer.scopes')}
        // A validator, not `required`: Ant Design would put aria-required on the group, which no role allows.
        rules={[
          {
            validator: (_rule, value: ApiKeyScope[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('developer.scopesRequired'))),
          },
        ]}
      >
        <Checkbox.Group
          data-testid="api-key-scopes"
          options={API_KEY_SCOPES.map((scope) => ({
            value: scope,
            label: (
              <span data-testid={`api-key-scope-${scope}`}>
                {t(`developer.scope.${scope}`)}
                <span style={{ display: 'block', opacity: 0.75, fontSize: 12 }}>
                  {t(`developer.scopeHint.${scope}`)}
                </span>
              </span>
            ),
          }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </Form.Item>
      <Form.Item
        name="lockIds"
        label={t('developer.keyLocks')}
        extra={t('developer.keyLocksHint', { count: API_KEY_LOCKS_MAX })}
      >
        <Select<number[]>
          mode="multiple"
          allowClear
          maxCount={API_KEY_LOCKS_MAX}
          loading={locks.isPending}
          placeholder={t('developer.allLocks')}
          aria-label={t('developer.keyLocks')}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="api-key-locks"
          options={(locks.data?.list ?? []).map((item) => ({ value: item.lockId, label: item.lockName }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
