import { CreditCardOutlined } from '@ant-design/icons';
import { CREDENTIAL_NAME_MAX, ValidityType } from '@smartlock/contract';
import { Alert, Button, Empty, Flex, Form, Input, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { DriverDevicePicker } from '../../driver/DriverDevicePicker';
import { FieldItem } from '../../ui/FieldItem';
import { LinkButton } from '../../ui/LinkButton';
import { LoadError } from '../../ui/LoadError';
import { CredentialOperationStatus } from '../credentials/CredentialOperationStatus';
import { ValidityEditor } from '../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityIssue } from '../credentials/validity';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockApi';
import { useIssueOperation } from '../lockCredential/issue/useIssueOperation';
import { useHotelInfo } from '../lockCredential/lockCredentialApi';
import { hotelRoomOf } from './hotelSettings';
import { useHotelCardWrite } from './useHotelCardWrite';

const HOTEL_TYPES = [ValidityType.limited] as const;

function newHotelValidity(now: number): ValidityDraft {
  return { ...newValidity(now), type: ValidityType.limited };
}

/**
 * Issues a hotel card for a room: the hotel lock (its building and floor from the card
 * settings), a validity and a name; the card encoder writes the card, then the written card is
 * added to the lock (cardType 2) and followed through the gateway. With `expectedCardNumber`
 * (card/send) the card on the encoder must be that one.
 */
export function HotelCardIssueForm({
  expectedCardNumber,
  onAnother,
}: {
  expectedCardNumber?: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const info = useHotelInfo();
  const [lockId, setLockId] = useState<number>();
  // The chosen lock's MAC: a hotel card opens the lock of its room.
  const detail = useLockDetail(lockId ?? 0, lockId !== undefined);
  const [deviceId, setDeviceId] = useState<string>();
  const [name, setName] = useState('');
  const [initial] = useState(() => newHotelValidity(Date.now()));
  const [validity, setValidity] = useState<ValidityDraft>(initial);
  const [issue, setIssue] = useState<string>();
  const write = useHotelCardWrite();
  const operation = useIssueOperation('card', lockId ?? 0, { stay: true });
  const dirty = lockId !== undefined || name !== '' || JSON.stringify(validity) !== JSON.stringify(initial);
  useLeaveConfirmation(dirty && operation.added === undefined);

  if (info.isError) return <LoadError error={info.error} retry={() => void info.refetch()} />;
  if (!info.data) return <Typography.Text type="secondary">…</Typography.Text>;
  const hotelLocks = info.data.locks;
  if (hotelLocks.length === 0) {
    return (
      <Empty description={t('hotel.noHotelLocks')} data-testid="hotel-no-locks" image={Empty.PRESENTED_IMAGE_SIMPLE}>
        <LinkButton to="/console/home">{t('route.consoleHome')}</LinkButton>
      </Empty>
    );
  }

  const lockMac = lockId !== undefined && detail.data?.lockId === lockId ? detail.data.lockMac : undefined;
  const room = lockId !== undefined && lockMac ? hotelRoomOf(info.data, lockId, lockMac) : undefined;
  const chosen = hotelLocks.find((item) => item.lockId === lockId);
  const working = write.busy || operation.busy;

  async function submit() {
    if (lockId === undefined) return setIssue(t('hotel.chooseLock'));
    if (!chosen || chosen.building === null || chosen.floor === null) return setIssue(t('hotel.roomMissing'));
    if (!room) return setIssue(detail.isError ? errorText(t, detail.error) : t('hotel.lockLoading'));
    if (!deviceId) return setIssue(t('client.deviceNotFound'));
    const problem = validityIssue(validity, Date.now());
    if (problem || !validity.range) return setIssue(t(problem?.key ?? 'validity.rangeRequired', problem?.params));
    setIssue(undefined);
    const written = await write.write({
      deviceId,
      room,
      lockId,
      span: validity.range,
      name,
      ...(expectedCardNumber === undefined ? {} : { expectedCardNumber }),
    });
    if (written) operation.start(written.credential, written.operation);
  }

  if (operation.succeeded && operation.added) {
    return (
      <Result
        status="success"
        title={t('hotel.issued', { number: operation.added.number, lock: chosen?.lockName ?? '' })}
        data-testid="hotel-card-issued"
        extra={[
          <Button key="another" type="primary" onClick={onAnother} data-testid="hotel-card-another">
            {t('hotel.another')}
          </Button>,
          <LinkButton key="lock" to={tabPath('card', operation.added.lockId)} data-testid="hotel-card-lock-link">
            {t('hotel.openLockCards', { lock: chosen?.lockName ?? '' })}
          </LinkButton>,
        ]}
      />
    );
  }

  return (
    <Form layout="vertical" onFinish={() => void submit()} disabled={working} data-testid="hotel-card-form">
      <FieldItem label={t('hotel.lock')} required>
        <Select<number>
          value={lockId}
          onChange={(value) => {
            setLockId(value);
            setIssue(undefined);
          }}
          showSearch={{ optionFilterProp: 'title' }}
          placeholder={t('hotel.chooseLock')}
          options={hotelLocks.map((item) => {
            const placed = item.building !== null && item.floor !== null;
            return {
              value: item.lockId,
              title: item.lockName,
              disabled: !placed,
              label: (
                <span data-testid={`hotel-lock-option-${item.lockId}`}>
                  {item.lockName}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {placed ? t('hotel.roomShort', { building: item.building, floor: item.floor }) : t('hotel.noRoom')}
                  </Typography.Text>
                </span>
              ),
            };
          })}
          style={{ maxWidth: 420, width: '100%' }}
          data-testid="hotel-lock-select"
        />
      </FieldItem>
      {room ? (
        <Typography.Paragraph data-testid="hotel-room">
          {t('hotel.roomText', { building: room.building, floor: room.floor, sector: room.sector })}
        </Typography.Paragraph>
      ) : null}
      <Form.Item label={t('driver.encoder')} required>
        <DriverDevicePicker kind="cardEncoder" value={deviceId} onChange={setDeviceId} disabled={working} />
      </Form.Item>
      <FieldItem label={t('credential.field.name')} extra={t('hotel.nameHint')}>
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={CREDENTIAL_NAME_MAX}
          showCount
          data-testid="hotel-card-name"
        />
      </FieldItem>
      <Form.Item label={t('validity.label')}>
        <ValidityEditor
          value={validity}
          onChange={setValidity}
          types={HOTEL_TYPES}
          hints="credential.validity"
          disabled={working}
        />
      </Form.Item>
      {issue ? (
        <Alert type="error" showIcon title={issue} style={{ marginBottom: 16 }} data-testid="hotel-card-invalid" />
      ) : null}
      {write.error ? (
        <Alert type="error" showIcon title={write.error} style={{ marginBottom: 16 }} data-testid="hotel-card-error" />
      ) : null}
      {write.busy ? (
        <Alert
          type="info"
          showIcon
          title={t(`hotel.step.${write.step}`)}
          style={{ marginBottom: 16 }}
          data-testid="hotel-write-step"
          data-step={write.step}
        />
      ) : null}
      <CredentialOperationStatus
        followed={operation.followed}
        title={t('credential.operation.add', { name: operation.added?.number ?? '' })}
        success={t('credential.done.add')}
        style={{ marginBottom: 16 }}
        testId="credential-operation"
      />
      <Flex gap={8} wrap>
        <Button
          type="primary"
          htmlType="submit"
          icon={<CreditCardOutlined />}
          loading={working}
          data-testid="hotel-card-submit"
        >
          {t('credentialKind.card.writeAndAdd')}
        </Button>
        {operation.ended && !operation.succeeded ? (
          <Button onClick={onAnother} data-testid="hotel-card-retry">
            {t('hotel.startOver')}
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}
