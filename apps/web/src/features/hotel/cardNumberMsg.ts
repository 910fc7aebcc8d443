import { CARD_NUMBER } from '../lockCredential/credentialForm';
/**
 * The card-number information card/manage hands to card/send (spec section 2): passed in the
 * navigation state and kept, encrypted, in session storage under `cardNumberMsg` by the route
 * rule (app/RouteFrame), so a reload of card/send still knows the card.
 */
export interface CardNumberMsg {
  cardNumber: string;
  /** What the encoder read from the card when it was a hotel card already. */
  hotel: {
    sector: number;
    building: number;
    floor: number;
    lockMac: string;
    startDate: number;
    endDate: number;
  } | null;
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The information as stored (JSON), checked; undefined for anything else. */
export function parseCardNumberMsg(text: string | undefined): CardNumberMsg | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { cardNumber, hotel } = value as { cardNumber?: unknown; hotel?: unknown };
  if (typeof cardNumber !== 'string' || !CARD_NUMBER.test(cardNumber)) return undefined;
  if (hotel === null || hotel === undefined) return { cardNumber, hotel: null };
  if (typeof hotel !== 'object') return undefined;
  const room = hotel as Record<string, unknown>;
  if (
    !isInt(room.sector) ||
    !isInt(room.building) ||
    !isInt(room.floor) ||
    typeof room.lockMac !== 'string' ||
    !isInt(room.startDate) ||
    !isInt(room.endDate)
  ) {
    return { cardNumber, hotel: null };
  }
  return {
    cardNumber,
    hotel: {
      sector: room.sector,
      building: room.building,
      floor: room.floor,
      lockMac: room.lockMac,
      startDate: room.startDate,
      endDate: room.endDate,
    },
  };
}
