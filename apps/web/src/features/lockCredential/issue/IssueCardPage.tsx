import { CreditCardOutlined, ScanOutlined, UsbOutlined } from '@ant-design/icons';
import { CARD_NUMBER_DIGITS, CardType, hasFeature, ValidityType } from '@smartlock/contract';
import { Alert, Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import { DriverDevicePicker } from '../../../driver/DriverDevicePicker';
import { sharedDriverClient } from '../../../driver/driverClient';
import { driverErrorText } from '../../../driver/useDriver';
import { FormFooter } from '../../../ui/FormFooter';
import { LinkButton } from '../../../ui/LinkButton';
import { ValidityEditor } from '../../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityIssue, validityParams } from '../../credentials/validity';
import { hotelRoomOf } from '../../hotel/hotelSettings';
import { useHotelCardWrite } from '../../hotel/useHotelCardWrite';
import type { LockDetail } from '../../lock/lockApi';
import { isCardNumber, namingParams } from '../credentialForm';
import { useAddCard, useHotelInfo } from '../lockCredentialApi';
import { followable } from '../startedOperation';
import { IssueFrame } from './IssueFrame';
import { IssueOutcome } from './IssueOutcome';
import { NameField } from './NameField';
import { useIssueOperation } from './useIssueOperation';

type CardTypeValue = (typeof CardType)[keyof typeof CardType];
const HOTEL_TYPES = [ValidityType.limited] as const;

/** The form, once the lock is known to take cards. */
function IssueCardForm({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const addCard = useAddCard();
  const lockId = detail.lockId;
  const hotelLock = hasFeature(detail.featureValue, 'hotelLock');
  const [cardType, setCardType] = useState<CardTypeValue>(CardType.ic);
  const [cardNumber, setCardNumber] = useState('');
  const numberId = useId();
  const [name, setName] = useState('');
  const [initial] = useState(() => newValidity(Date.now()));
  const [validity, setValidity] = useState<ValidityDraft>(initial);
  const [encoderShown, setEncoderShown] = useState(false);
  const [deviceId, setDeviceId] = useState<string>();
  const [reading, setReading] = useState(false);
  const [issue, setIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const operation = useIssueOperation('card', lockId);
  const hotel = cardType === CardType.hotel;
  const hotelInfo = useHotelInfo(hotel);
  const hotelWrite = useHotelCardWrite();
  const room = hotelInfo.data ? hotelRoomOf(hotelInfo.data, lockId, detail.lockMac) : undefined;
  const dirty = cardNumber !== '' || name !== '' || JSON.stringify(validity) !== JSON.stringify(initial);
  useLeaveConfirmation(dirty && operation.added === undefined);
  const travelling = operation.busy;
  const working = sending || hotelWrite.busy || travelling;

  function chooseType(next: CardTypeValue) {
    setCardType(next);
    setIssue(undefined);
    // A hotel card is always timed: the encoder writes its start and end onto it.
    if (next === CardType.hotel && validity.type !== ValidityType.limited) {
      setValidity({ ...validity, type: ValidityType.limited });
    }
  }

  async function readFromEncoder() {
    if (!deviceId) return;
    setReading(true);
    setError(undefined);
    try {
      const read = await sharedDriverClient().request('readCard', { deviceId });
      setCardNumber(read.cardNumber);
      setIssue(undefined);
    } catch (failure) {
      setError(driverErrorText(t, failure));
    } finally {
      setReading(false);
    }
  }

  async function submit() {
    const now = Date.now();
    const validityProblem = validityIssue(validity, now);
    if (!hotel && !isCardNumber(cardNumber)) return setIssue(t('credentialKind.card.numberInvalid'));
    if (validityProblem) return setIssue(t(validityProblem.key, validityProblem.params));
    if (hotel && !room) return setIssue(t('hotel.roomMissing'));
    if (hotel && !deviceId) return setIssue(t('client.deviceNotFound'));
    setIssue(undefined);
    setError(undefined);
    if (hotel && room && deviceId && validity.range) {
      const written = await hotelWrite.write({ deviceId, room, lockId, span: validity.range, name });
      if (written) {
        setCardNumber(written.cardNumber);
        operation.start(written.credential, written.operation);
      }
      return;
    }
    setSending(true);
    try {
      const reply = await addCard.mutateAsync({
        lockId,
        cardNumber: cardNumber.trim(),
        cardType: CardType.ic,
        ...namingParams({ name }),
        ...validityParams(validity),
      });
      operation.start(reply.credential, followable(reply.operation));
    } catch (failure) {
      setError(driverErrorText(t, failure));
    } finally {
      setSending(false);
    }
  }

  const shownError = error ?? hotelWrite.error;
  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      disabled={working}
      data-testid="issue-card-form"
      data-card-type={hotel ? 'hotel' : 'ic'}
    >
      {hotelLock ? (
        <Form.Item label={t('credentialKind.card.type')}>
          <Radio.Group
            value={cardType}
            optionType="button"
            onChange={(event) => chooseType(event.target.value as CardTypeValue)}
          >
            <Radio.Button value={CardType.ic} data-testid="card-type-ic">
              {t('credential.cardType.ic')}
            </Radio.Button>
            <Radio.Button value={CardType.hotel} data-testid="card-type-hotel">
              {t('credential.cardType.hotel')}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
      ) : null}
      {hotel ? (
        <>
          <Typography.Paragraph type="secondary">{t('credentialKind.card.hotelHint')}</Typography.Paragraph>
          <Form.Item label={t('hotel.room')}>
            {room ? (
              <Typography.Text strong data-testid="hotel-room">
                {t('hotel.roomText', { building: room.building, floor: room.floor, sector: room.sector })}
              </Typography.Text>
            ) : hotelInfo.isPending ? (
              <Typography.Text type="secondary">…</Typography.Text>
            ) : (
              <Alert
                type="warning"
                showIcon
                title={hotelInfo.isError ? driverErrorText(t, hotelInfo.error) : t('hotel.roomMissing')}
                action={
                  <LinkButton to="/card/props" size="small">
                    {t('route.cardSettings')}
                  </LinkButton>
                }
                data-testid="hotel-room-missing"
              />
            )}
          </Form.Item>
          <Form.Item label={t('driver.encoder')}>
            <DriverDevicePicker kind="cardEncoder" value={deviceId} onChange={setDeviceId} disabled={working} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label={t('credentialKind.card.number')}
          extra={t('credentialKind.card.numberHint')}
          htmlFor={numberId}
        >
          <Flex vertical gap={8}>
            <Flex gap={8} wrap>
              <Input
                id={numberId}
                value={cardNumber}
                onChange={(event) => {
                  setCardNumber(event.target.value.replace(/\D/g, ''));
                  setIssue(undefined);
                }}
                inputMode="numeric"
                maxLength={CARD_NUMBER_DIGITS.max}
                autoComplete="off"
                style={{ maxWidth: 260 }}
                data-testid="card-number-input"
              />
              {encoderShown ? null : (
                <Button icon={<UsbOutlined />} onClick={() => setEncoderShown(true)} data-testid="card-use-encoder">
                  {t('credentialKind.card.readFromEncoder')}
                </Button>
              )}
            </Flex>
            {encoderShown ? (
              <Flex vertical gap={8} data-testid="card-encoder">
                <DriverDevicePicker kind="cardEncoder" value={deviceId} onChange={setDeviceId} disabled={working} />
                <Button
                  icon={<ScanOutlined />}
                  onClick={() => void readFromEncoder()}
                  loading={reading}
                  disabled={!deviceId || working}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="card-read"
                >
                  {t('credentialKind.card.readCard')}
                </Button>
              </Flex>
            ) : null}
          </Flex>
        </Form.Item>
      )}
      <NameField value={name} onChange={setName} testId="card-name-input" />
      <Form.Item label={t('validity.label')}>
        <ValidityEditor
          value={validity}
          onChange={(next) => {
            setValidity(next);
            setIssue(undefined);
          }}
          types={hotel ? HOTEL_TYPES : undefined}
          hints="credential.validity"
          disabled={working}
        />
      </Form.Item>
      <IssueOutcome
        form="card"
        tab="card"
        lockId={lockId}
        issue={issue}
        error={shownError}
        operation={operation}
        addedName={operation.added?.name || operation.added?.number || cardNumber}
        backLabel={t('credentialKind.card.backToList')}
      >
        {hotelWrite.busy ? (
          <Alert
            type="info"
            showIcon
            title={t(`hotel.step.${hotelWrite.step}`)}
            style={{ marginBottom: 16 }}
            data-testid="hotel-write-step"
            data-step={hotelWrite.step}
          />
        ) : null}
      </IssueOutcome>
      <FormFooter icon={<CreditCardOutlined />} busy={working} testId="issue-card-submit">
        {t(hotel ? 'credentialKind.card.writeAndAdd' : 'credentialKind.card.add')}
      </FormFooter>
    </Form>
  );
}

/**
 * Adds a card to a lock (manage/issueCard): an IC card by its number (typed, or read from the
 * card encoder through the local driver), or, on a hotel lock, a hotel card the encoder writes
 * for the lock's room; then follows the addition through the gateway and goes back to the
 * lock's cards.
 */
export default function IssueCardPage() {
  return <IssueFrame kind="card">{(detail) => <IssueCardForm detail={detail} />}</IssueFrame>;
}
