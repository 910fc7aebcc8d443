import { ArrowLeftOutlined, KeyOutlined } from '@ant-design/icons';
import { ACTIVATION_HOURS, hasFeature, PasscodeVersion, RemoteOperationState } from '@smartlock/contract';
import { passcode } from '@smartlock/contract/refs';
import { Alert, Button, Card, Flex, Form, Input, Radio, Result, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { useRouteLockId } from '../../app/routeLockId';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { FieldItem } from '../../components/FieldItem';
import { LinkButton } from '../../components/LinkButton';
import { LoadingOrFailure } from '../../components/LoadingOrFailure';
import { CredentialOperationStatus } from '../credentials/CredentialOperationStatus';
import { LockHourRange } from '../credentials/LockHourRange';
import { useFollowOperation } from '../credentials/useFollowOperation';
import { formatMinuteOfDay } from '../credentials/validityText';
import { tabPath } from '../lock/detail/lockTabs';
import { type LockDetail, useLockDetail } from '../lock/lockQueries';
import { formatUtcOffset } from '../lock/settings/timezones';
import {
  addParams,
  getParams,
  isGatewayKind,
  needsActivation,
  newPasscodeDraft,
  PASSCODE_KINDS,
  type PasscodeDraft,
  type PasscodeKind,
  passcodeIssue,
} from './issuePasscode';
import { PASSCODE_NAME_MAX, passcodeDigitsMax, passcodeDigitsMin } from './passcodeLimits';
import { sendPasscodePath } from './passcodePaths';
import { type PasscodeItem, useRefreshPasscodes } from './passcodeQueries';
import { CYCLIC_SUBTYPES, cyclicSubtypeKey } from './passcodeStatus';

const START_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const END_HOURS = Array.from({ length: 24 }, (_, hour) => hour + 1);

/** The form itself, once the lock is known to take passcodes. */
function IssuePasscodeForm({ detail }: { detail: LockDetail }) {
  const { t, i18n } = useTranslation();
  const { api, brand } = useConsole();
  const navigate = useNavigate();
  const refresh = useRefreshPasscodes();
  const lockId = detail.lockId;
  const offsetMs = detail.timezoneRawOffset;
  const [initial] = useState(() => newPasscodeDraft(Date.now(), offsetMs));
  const [draft, setDraft] = useState<PasscodeDraft>(initial);
  const [issue, setIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ keyboardPwdId: number; passcode?: PasscodeItem }>();
  const [added, setAdded] = useState<PasscodeItem>();
  /** The custom code being added, as the operation's end needs it (it may end before a render). */
  const adding = useRef<PasscodeItem>(undefined);
  const operation = useFollowOperation((followed) => {
    void refresh();
    const item = adding.current;
    if (followed.operation.state === RemoteOperationState.success && item) {
      setDone({ keyboardPwdId: item.keyboardPwdId });
    }
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useLeaveConfirmation(dirty && done === undefined && added === undefined);

  useEffect(() => {
    if (done)
      navigate(sendPasscodePath(lockId, done.keyboardPwdId), { state: { passcode: done.passcode, fresh: true } });
  }, [done, lockId, navigate]);

  const change = (patch: Partial<PasscodeDraft>) => {
    setIssue(undefined);
    setDraft((before) => ({ ...before, ...patch }));
  };
  const hourOptions = (hours: number[]) =>
    hours.map((hour) => ({ value: hour, label: formatMinuteOfDay(hour * 60, i18n.language) }));
  const subtypeOptions = useMemo(
    () => CYCLIC_SUBTYPES.map((subtype) => ({ value: subtype, label: t(cyclicSubtypeKey(subtype)) })),
    [t],
  );
  const minDigits = passcodeDigitsMin(brand.passcodeMinLength);

  async function submit() {
    const problem = passcodeIssue(draft, { now: Date.now(), offsetMs, brandMin: brand.passcodeMinLength });
    setIssue(problem ? t(problem.key, problem.params) : undefined);
    if (problem) return;
    setError(undefined);
    setBusy(true);
    try {
      if (isGatewayKind(draft.kind)) {
        const reply = await api.call(passcode.add, addParams(draft, lockId));
        adding.current = reply.passcode;
        setAdded(reply.passcode);
        operation.follow(reply.operation);
      } else {
        const item = await api.call(passcode.get, getParams(draft, lockId, Date.now(), offsetMs));
        await refresh();
        setDone({ keyboardPwdId: item.keyboardPwdId, passcode: item });
      }
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }

  const travelling = operation.busy;
  return (
    <Form layout="vertical" onFinish={() => void submit()} disabled={travelling} data-testid="issue-passcode-form">
      <Form.Item label={t('passcode.field.kind')}>
        <Radio.Group
          value={draft.kind}
          optionType="button"
          onChange={(event) => change({ kind: event.target.value as PasscodeKind })}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        >
          {PASSCODE_KINDS.map((kind) => (
            <Radio.Button key={kind} value={kind} data-testid={`passcode-kind-${kind}`}>
              {t(`passcode.kind.${kind}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Typography.Paragraph type="secondary" data-testid="passcode-kind-hint">
        {t(`passcode.kindHint.${draft.kind}`)}
      </Typography.Paragraph>
      <FieldItem label={t('passcode.field.name')} extra={t('passcode.field.nameHint')}>
        <Input
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          maxLength={PASSCODE_NAME_MAX}
          showCount
          data-testid="passcode-name-input"
        />
      </FieldItem>
      {draft.kind === 'limited' ? (
        <Form.Item label={t('passcode.field.validity')}>
          <LockHourRange
            value={draft.span}
            onChange={(span) => change({ span })}
            offsetMs={offsetMs}
            testId="passcode-span"
          />
        </Form.Item>
      ) : null}
      {draft.kind === 'cyclic' ? (
        <>
          <Form.Item label={t('passcode.field.cycle')}>
            <Select
              value={draft.cycleType}
              options={subtypeOptions}
              onChange={(cycleType: number) => change({ cycleType })}
              style={{ maxWidth: 260 }}
              data-testid="passcode-cycle-type"
            />
          </Form.Item>
          <Form.Item
            label={t('passcode.field.hours')}
            extra={t('passcode.lockTimeNote', { offset: formatUtcOffset(offsetMs) })}
          >
            <Space wrap>
              <Select
                value={draft.cycleStartHour}
                options={hourOptions(START_HOURS)}
                onChange={(cycleStartHour: number) => change({ cycleStartHour })}
                aria-label={t('validity.dailyStart')}
                style={{ width: 130 }}
                data-testid="passcode-cycle-start"
              />
              <Typography.Text type="secondary">–</Typography.Text>
              <Select
                value={draft.cycleEndHour}
                options={hourOptions(END_HOURS)}
                onChange={(cycleEndHour: number) => change({ cycleEndHour })}
                aria-label={t('validity.dailyEnd')}
                style={{ width: 130 }}
                data-testid="passcode-cycle-end"
              />
            </Space>
          </Form.Item>
        </>
      ) : null}
      {draft.kind === 'clear' ? (
        <Alert
          type="warning"
          showIcon
          title={t('passcode.clearWarning')}
          style={{ marginBottom: 16 }}
          data-testid="passcode-clear-warning"
        />
      ) : null}
      {draft.kind === 'custom' ? (
        <>
          <Form.Item
            label={t('passcode.field.digits')}
            extra={t('passcode.digitsHint', { min: minDigits, max: passcodeDigitsMax })}
          >
            <Input
              value={draft.digits}
              onChange={(event) => change({ digits: event.target.value.replace(/\D/g, '') })}
              inputMode="numeric"
              maxLength={passcodeDigitsMax}
              autoComplete="off"
              style={{ maxWidth: 260 }}
              data-testid="passcode-digits-input"
            />
          </Form.Item>
          <Form.Item label={t('passcode.field.validity')}>
            <Flex vertical gap={8}>
              <Radio.Group
                value={draft.customPermanent}
                optionType="button"
                onChange={(event) => change({ customPermanent: event.target.value === true })}
              >
                <Radio.Button value={true} data-testid="passcode-custom-permanent">
                  {t('validity.types.permanent')}
                </Radio.Button>
                <Radio.Button value={false} data-testid="passcode-custom-timed">
                  {t('validity.types.limited')}
                </Radio.Button>
              </Radio.Group>
              {draft.customPermanent ? null : (
                <LockHourRange
                  value={draft.span}
                  onChange={(span) => change({ span })}
                  offsetMs={offsetMs}
                  testId="passcode-custom-span"
                />
              )}
            </Flex>
          </Form.Item>
          <Alert type="info" showIcon title={t('passcode.throughGateway')} style={{ marginBottom: 16 }} />
        </>
      ) : null}
      {needsActivation(draft.kind) ? (
        <Alert
          type="info"
          showIcon
          title={t('passcode.activationHint', { count: ACTIVATION_HOURS })}
          style={{ marginBottom: 16 }}
          data-testid="passcode-activation-hint"
        />
      ) : null}
      {issue ? (
        <Alert type="error" showIcon title={issue} style={{ marginBottom: 16 }} data-testid="issue-passcode-invalid" />
      ) : null}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="issue-passcode-error" />
      ) : null}
      <CredentialOperationStatus
        followed={operation.followed}
        title={t('passcode.operation.add', { code: added?.keyboardPwd ?? '' })}
        success={t('passcode.done.add')}
        style={{ marginBottom: 16 }}
        testId="passcode-operation"
      />
      {added && operation.followed && !operation.busy ? (
        <LinkButton
          to={tabPath('passcode', lockId)}
          data-testid="passcode-back-after-failure"
          style={{ marginBottom: 16 }}
        >
          {t('passcode.backToList')}
        </LinkButton>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        icon={<KeyOutlined />}
        loading={busy || travelling}
        block
        data-testid="issue-passcode-submit"
      >
        {t(isGatewayKind(draft.kind) ? 'passcode.addCustom' : 'passcode.get')}
      </Button>
    </Form>
  );
}

/**
 * Gets a passcode for a lock (manage/issuePasscode): an offline one the cloud computes (once,
 * permanent, limited, cyclic, clear) or a custom one added through the gateway, then shows it to
 * be sent (passcode/send).
 */
export default function IssuePasscodePage() {
  const { t } = useTranslation();
  const lockId = useRouteLockId();
  const detail = useLockDetail(lockId);
  const back = (
    <LinkButton
      to={tabPath('passcode', lockId)}
      key="back"
      type="link"
      icon={<ArrowLeftOutlined />}
      style={{ paddingInline: 0 }}
      data-testid="back-to-passcodes"
    >
      {t('passcode.backToLock', { name: detail.data?.lockName ?? '' })}
    </LinkButton>
  );
  if (!detail.data) {
    return (
      <LoadingOrFailure
        error={detail.isError ? detail.error : undefined}
        retry={() => void detail.refetch()}
        rows={8}
      />
    );
  }
  if (!hasFeature(detail.data.featureValue, 'passcode')) {
    return <Result status="info" title={t('passcode.notSupported')} extra={back} data-testid="passcode-unsupported" />;
  }
  if (detail.data.passcodeVersion === PasscodeVersion.notAllowed) {
    return (
      <Result status="warning" title={t('errors.lowVersionPasscode')} extra={back} data-testid="passcode-low-version" />
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      {back}
      <Card size="small" title={t('passcode.issueTitle', { name: detail.data.lockName })}>
        <IssuePasscodeForm detail={detail.data} />
      </Card>
    </Space>
  );
}
