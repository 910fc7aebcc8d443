import type { RemoteOperation } from '@smartlock/contract';
import { PASSCODE_NAME_MAX } from '@smartlock/contract';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useSubmission } from '../../ui/useSubmission';
import { LockHourRange } from '../credentials/LockHourRange';
import { lockHourStart } from '../credentials/lockTime';
import { type CustomChange, changeParams, customChangeIssue } from './issuePasscode';
import { type PasscodeItem, useChangePasscode } from './passcodeApi';
import { passcodeDigitsMax, passcodeDigitsMin } from './passcodeLimits';
import { isCustomPasscode } from './passcodeStatus';

interface ChangeValues {
  name: string;
  digits: string;
  permanent: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Changes a passcode: any code's name; a custom code's digits and validity too, which go to the
 * lock through its gateway (the operation is handed to the tab to follow). An offline code's
 * digits and validity cannot change: the dialog says so.
 */
export function ChangePasscodeDialog({
  item,
  offsetMs,
  onClose,
  onOperation,
}: {
  item: PasscodeItem;
  offsetMs: number;
  onClose: () => void;
  onOperation: (operation: RemoteOperation) => void;
}) {
  const { t } = useTranslation();
  const { brand } = useConsole();
  const { message } = App.useApp();
  const changePasscode = useChangePasscode();
  const confirmDiscard = useDiscardConfirmation();
  const custom = isCustomPasscode(item.keyboardPwdType);
  const dated = item.startDate !== null && item.endDate !== null;
  const [form] = Form.useForm<ChangeValues>();
  const permanent = Form.useWatch('permanent', form) ?? !dated;
  const [span, setSpan] = useState<[number, number] | undefined>(() => {
    if (item.startDate !== null && item.endDate !== null) return [item.startDate, item.endDate];
    const start = lockHourStart(Date.now(), offsetMs);
    return [start, start + DAY_MS];
  });
  const [dirty, setDirty] = useState(false);
  const [issue, setIssue] = useState<string>();
  const { error, busy, run } = useSubmission();

  async function submit(values: ChangeValues) {
    const change: CustomChange | undefined = custom
      ? { digits: values.digits, permanent: values.permanent, span }
      : undefined;
    if (change) {
      const problem = customChangeIssue(change, { now: Date.now(), brandMin: brand.passcodeMinLength });
      setIssue(problem ? t(problem.key, problem.params) : undefined);
      if (problem) return;
    }
    await run(async () => {
      const reply = await changePasscode.mutateAsync(changeParams(item, { name: values.name, custom: change }));
      if (reply.operation) onOperation(reply.operation);
      else message.success(t('passcode.done.rename'));
      onClose();
    });
  }

  return (
    <Modal
      open
      width={560}
      title={t('passcode.changeTitle', { code: item.keyboardPwd })}
      okText={t('passcode.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => confirmDiscard(dirty, onClose)}
      okButtonProps={{ 'data-testid': 'passcode-change-submit' }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {custom ? null : (
        <Alert type="info" showIcon title={t('passcode.offlineNameOnly')} style={{ marginBottom: 16 }} />
      )}
      <Form<ChangeValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: item.keyboardPwdName,
          digits: item.keyboardPwd,
          permanent: !dated,
        }}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        data-testid="passcode-change-form"
      >
        <Form.Item name="name" label={t('passcode.field.name')}>
          <Input maxLength={PASSCODE_NAME_MAX} showCount data-testid="passcode-change-name" />
        </Form.Item>
        {custom ? (
          <>
            <Form.Item
              name="digits"
              label={t('passcode.field.digits')}
              extra={t('passcode.digitsHint', {
                min: passcodeDigitsMin(brand.passcodeMinLength),
                max: passcodeDigitsMax,
              })}
            >
              <Input
                inputMode="numeric"
                maxLength={passcodeDigitsMax}
                autoComplete="off"
                data-testid="passcode-change-digits"
              />
            </Form.Item>
            <Form.Item name="permanent" label={t('validity.label')}>
              <Radio.Group optionType="button">
                {/* The contract cannot take dates away from a code: a dated one stays dated. */}
                <Radio.Button value={true} disabled={dated} data-testid="passcode-change-permanent">
                  {t('validity.types.permanent')}
                </Radio.Button>
                <Radio.Button value={false} data-testid="passcode-change-timed">
                  {t('validity.types.limited')}
                </Radio.Button>
              </Radio.Group>
            </Form.Item>
            {permanent ? null : (
              <Form.Item>
                <LockHourRange
                  value={span}
                  onChange={(next) => {
                    setSpan(next);
                    setDirty(true);
                  }}
                  offsetMs={offsetMs}
                  testId="passcode-change-span"
                />
              </Form.Item>
            )}
            <Alert type="info" showIcon title={t('passcode.throughGateway')} />
          </>
        ) : null}
        {issue ? <Alert type="error" showIcon title={issue} style={{ marginTop: 12 }} /> : null}
      </Form>
    </Modal>
  );
}
