import { CardType, ValidityType } from '@smartlock/contract';
import { lockCredential } from '@smartlock/contract/refs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { sharedDriverClient } from '../../driver/driverClient';
import { driverErrorText } from '../../driver/useDriver';
import { namingParams } from '../lockCredential/credentialForm';
import type { CredentialItem } from '../lockCredential/lockCredentialApi';
import { followable } from '../lockCredential/startedOperation';
import type { HotelRoom } from './hotelSettings';

/** How long the encoder may take to write a card. */
const WRITE_TIMEOUT_MS = 30_000;

export type HotelWriteStep = 'idle' | 'reading' | 'writing' | 'adding';

export interface HotelWrite {
  deviceId: string;
  room: HotelRoom;
  lockId: number;
  /** From and to: a hotel card is always timed. */
  span: [number, number];
  name?: string;
  /** The card that must lie on the encoder (card/send): checked before anything is written. */
  expectedCardNumber?: string;
}

/**
 * Writes a hotel card for a room with the card encoder (through the local driver), then adds the
 * written card's number to the room's lock as a hotel card (/card/add, cardType 2) with the same
 * validity. Says which step it is on, and why it stopped (the driver's or the server's message).
 */
export function useHotelCardWrite() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [step, setStep] = useState<HotelWriteStep>('idle');
  const [error, setError] = useState<string>();

  const write = useCallback(
    async (job: HotelWrite) => {
      const client = sharedDriverClient();
      setError(undefined);
      try {
        if (job.expectedCardNumber !== undefined) {
          setStep('reading');
          const { cardNumber } = await client.request('readCard', { deviceId: job.deviceId });
          if (cardNumber !== job.expectedCardNumber) {
            setError(t('hotel.otherCard', { expected: job.expectedCardNumber, found: cardNumber }));
            return undefined;
          }
        }
        setStep('writing');
        const [startDate, endDate] = job.span;
        const { cardNumber } = await client.request(
          'writeHotelCard',
          { deviceId: job.deviceId, room: job.room, startDate, endDate },
          { timeoutMs: WRITE_TIMEOUT_MS },
        );
        setStep('adding');
        const reply = await api.call(lockCredential.card.add, {
          lockId: job.lockId,
          cardNumber,
          cardType: CardType.hotel,
          ...namingParams({ name: job.name }),
          validityType: ValidityType.limited,
          startDate,
          endDate,
        });
        return { cardNumber, credential: reply.credential as CredentialItem, operation: followable(reply.operation) };
      } catch (failure) {
        setError(driverErrorText(t, failure));
        return undefined;
      } finally {
        setStep('idle');
      }
    },
    [api, t],
  );

  return { write, step, error, busy: step !== 'idle', clearError: () => setError(undefined) };
}
