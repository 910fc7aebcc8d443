import { z } from 'zod';
import { eKeyCycleSchema } from '../credentials/eKeyCredential';
import { FaceIdentifyFrequency, FingerprintDeviceType } from '../enums/account';
import { CardType, LOCK_CREDENTIAL_KINDS, type LockCredentialKind, ValidityType } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import {
  CARD_NUMBER_DIGITS,
  CREDENTIAL_NAME_MAX,
  HOTEL_BUILDING,
  HOTEL_BUILDINGS_MAX,
  HOTEL_FLOORS,
  HOTEL_SECTOR,
  ID_NUMBER_MAX,
  KEY_FOB_DIGITS,
  REMARK_MAX,
} from '../limits';
import { PHOTO_MAX_BYTES } from '../validation/photo';
import { credentialSyncFields } from './credentialSync';
import { defineCall } from './define';
import {
  emptyData,
  idField,
  idListField,
  jsonField,
  oneOf,
  pageParams,
  remarkText,
  requiredText,
  text,
} from './fields';
import { remoteOperation } from './remoteOperation';
import { cycleField, validityParams } from './validityFields';

/**
 * Cards, fingerprints, faces, palm veins, QR codes and key fobs: credentials a lock stores,
 * added, changed and deleted through its gateway. Every kind has the same calls under its own
 * path (`/card/list`, `/fingerprint/list`, ...), made by one factory, plus a few of its own.
 */

/** The path each kind's calls live under. */
export const CREDENTIAL_PATH: Record<LockCredentialKind, `/${string}`> = {
  card: '/card',
  fingerprint: '/fingerprint',
  face: '/face',
  palmVein: '/palmVein',
  qrCode: '/qrcode',
  keyFob: '/keyfob',
};

export const credentialItem = z.object({
  credentialId: z.number().int(),
  lockId: z.number().int(),
  kind: z.enum(LOCK_CREDENTIAL_KINDS),
  /** The card number, fingerprint number, face number, palm vein number, QR code number or key fob number. */
  number: z.string(),
  name: z.string(),
  remark: z.string(),
  /** ValidityType: 1 permanent, 2 limited, 3 once, 4 cyclic. */
  validityType: z.number().int(),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  cycle: eKeyCycleSchema.nullable(),
  /** CardStatus (cards, 1 to 15) or CredentialStatus (the others, 1 to 11), will-be-valid and invalid as of now. */
  status: z.number().int(),
  senderUsername: z.string(),
  createDate: z.number(),
  /** Cards: CardType (1 IC, 2 hotel). Fingerprints: the scanner make (1, 2). Others: null. */
  type: z.number().int().nullable(),
  /** Faces: the holder's ID number. */
  idNumber: z.string().nullable(),
  /** QR codes: the link the code opens; faces: the photo's address. */
  link: z.string().nullable(),
  ...credentialSyncFields,
});
export type CredentialItem = z.infer<typeof credentialItem>;

/** Validity as every kind takes it: permanent without dates; cyclic with a weekly cycle. */
export const credentialValidity = {
  validityType: oneOf(valuesOf(ValidityType)).default(ValidityType.permanent),
  ...validityParams,
  cycle: cycleField.optional(),
};

const naming = {
  name: text(CREDENTIAL_NAME_MAX).optional(),
  remark: remarkText(REMARK_MAX).optional(),
};

const credentialTarget = z.object({ credentialId: idField });
const withOperation = z.object({ credential: credentialItem, operation: remoteOperation });

/** The calls every kind has. */
function commonCalls(kind: LockCredentialKind, label: string) {
  const path = CREDENTIAL_PATH[kind];
  return {
    list: defineCall({
      path: `${path}/list`,
      method: 'GET',
      auth: 'session',
      summary: `A lock's ${label}s, newest first, searchable by number, name or remark.`,
      params: z.object({ lockId: idField, searchStr: text(CREDENTIAL_NAME_MAX).optional(), ...pageParams }),
      data: pageSchema(credentialItem),
    }),
    rename: defineCall({
      path: `${path}/rename`,
      method: 'POST',
      auth: 'session',
      summary: `Rename a ${label} and change its remark (the cloud's own: nothing goes to the lock).`,
      params: credentialTarget.extend(naming),
      data: z.object({ credential: credentialItem }),
    }),
    changePeriod: defineCall({
      path: `${path}/changePeriod`,
      method: 'POST',
      auth: 'session',
      summary: `Change a ${label}'s validity through the lock's gateway: updating, then normal or update failed.`,
      params: credentialTarget.extend(credentialValidity),
      data: withOperation,
    }),
    remove: defineCall({
      path: `${path}/delete`,
      method: 'POST',
      auth: 'session',
      summary: `Delete a ${label} from the lock through its gateway: deleting, then gone or delete failed.`,
      params: credentialTarget,
      data: z.object({ operation: remoteOperation }),
    }),
    clear: defineCall({
      path: `${path}/clear`,
      method: 'POST',
      auth: 'session',
      summary: `Delete every ${label} of a lock through its gateway, in one command to the lock.`,
      params: z.object({ lockId: idField }),
      data: z.object({ operation: remoteOperation }),
    }),
  };
}

const cardNumber = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${CARD_NUMBER_DIGITS.min},${CARD_NUMBER_DIGITS.max}}$`));

export const card = {
  ...commonCalls('card', 'card'),
  add: defineCall({
    path: '/card/add',
    method: 'POST',
    auth: 'session',
    summary:
      'Add an IC or hotel card by its number (read by the card encoder or typed) to a lock, through its gateway: adding, then normal or add failed.',
    params: z.object({
      lockId: idField,
      cardNumber,
      cardType: oneOf(valuesOf(CardType)).default(CardType.ic),
      ...naming,
      ...credentialValidity,
    }),
    data: withOperation,
  }),
  reportLoss: defineCall({
    path: '/card/reportLoss',
    method: 'POST',
    auth: 'session',
    summary: 'Report a card lost: the lock refuses it from then on (lost, 12).',
    params: credentialTarget,
    data: withOperation,
  }),
};

/** A fingerprint template as a scanner gives it (base64). */
const template = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9+/]{16,8192}={0,2}$/);

export const fingerprint = {
  ...commonCalls('fingerprint', 'fingerprint'),
  add: defineCall({
    path: '/fingerprint/add',
    method: 'POST',
    auth: 'session',
    summary:
      'Issue a fingerprint collected by a scanner to one or many locks, through their gateways. Each lock uses one unit of the fingerprint service balance; an empty balance refuses the lock. Answers per lock.',
    params: z.object({
      lockIds: idListField,
      template,
      deviceType: oneOf(valuesOf(FingerprintDeviceType)),
      ...naming,
      ...credentialValidity,
    }),
    data: z.object({
      results: z.array(
        z.object({
          lockId: z.number().int(),
          errorCode: z.number().int(),
          errorMsg: z.string(),
          credential: credentialItem.nullable(),
          operation: remoteOperation.nullable(),
        }),
      ),
      /** Fingerprint service units left. */
      balance: z.number().int(),
    }),
  }),
};

export const face = {
  ...commonCalls('face', 'face'),
  add: defineCall({
    path: '/face/add',
    method: 'POST',
    auth: 'session',
    upload: { part: 'photo', maxBytes: PHOTO_MAX_BYTES, tooLarge: 'photoTooLarge' },
    summary:
      "Add a face from a photo (part `photo`: jpg, png or bmp, at most 2 MB) with the holder's name and ID number. The server checks for exactly one clear, frontal face on a plain background before anything goes to the lock: photoFormat (-3040), photoTooLarge (-3041) or photoRequirement (-3042, its message naming the rule broken, e.g. no face in a blank picture).",
    params: z.object({
      lockId: idField,
      name: requiredText(CREDENTIAL_NAME_MAX),
      idNumber: requiredText(ID_NUMBER_MAX),
      remark: remarkText(REMARK_MAX).optional(),
      ...credentialValidity,
    }),
    data: withOperation,
  }),
  checkPhoto: defineCall({
    path: '/face/checkPhoto',
    method: 'POST',
    auth: 'session',
    upload: { part: 'photo', maxBytes: PHOTO_MAX_BYTES, tooLarge: 'photoTooLarge' },
    summary:
      'Check a face photo (part `photo`) without adding it, by the rules of /face/add: photoFormat (-3040) when not jpg, png or bmp, photoTooLarge (-3041) above 2 MB, photoRequirement (-3042) when it does not show one clear frontal face on a plain background (a blank picture: no face), its message naming the rule in the reply language.',
    params: z.object({}),
    data: z.object({ width: z.number().int(), height: z.number().int() }),
  }),
};

export const palmVein = {
  ...commonCalls('palmVein', 'palm vein'),
  add: defineCall({
    path: '/palmVein/add',
    method: 'POST',
    auth: 'session',
    summary:
      "Enroll a palm vein at the lock through its gateway: the lock reads the palm held over its sensor and answers the template's number.",
    params: z.object({ lockId: idField, ...naming, ...credentialValidity }),
    data: withOperation,
  }),
};

export const keyFob = {
  ...commonCalls('keyFob', 'key fob'),
  add: defineCall({
    path: '/keyfob/add',
    method: 'POST',
    auth: 'session',
    summary: 'Pair a wireless key fob by its number (printed on it) with a lock, through its gateway.',
    params: z.object({
      lockId: idField,
      keyFobNumber: z
        .string()
        .trim()
        .regex(new RegExp(`^[0-9A-Fa-f]{${KEY_FOB_DIGITS.min},${KEY_FOB_DIGITS.max}}$`)),
      ...naming,
      ...credentialValidity,
    }),
    data: withOperation,
  }),
};

export const qrCode = {
  ...commonCalls('qrCode', 'QR code'),
  add: defineCall({
    path: '/qrcode/add',
    method: 'POST',
    auth: 'session',
    summary:
      'Issue a time-limited QR code for a lock, through its gateway. The answer holds its link (`link`), which the console draws as the QR image.',
    params: z.object({ lockId: idField, ...naming, ...credentialValidity }),
    data: withOperation,
  }),
};

export const listLocksByCardNumber = defineCall({
  path: '/lock/listByCardNumber',
  method: 'GET',
  auth: 'session',
  summary: "The caller's locks that hold a card with this number (any live status), for the hotel card screens.",
  params: z.object({ cardNumber, ...pageParams }),
  data: pageSchema(
    z.object({
      lockId: z.number().int(),
      lockName: z.string(),
      credentialId: z.number().int(),
      status: z.number().int(),
      startDate: z.number().nullable(),
      endDate: z.number().nullable(),
    }),
  ),
});

/** The hotel settings hotel cards are written with: the sector and the buildings with their floors. */
export const hotelInfo = z.object({
  /** The card sector the encoder writes (0 to 15). */
  sector: z.number().int().min(HOTEL_SECTOR.min).max(HOTEL_SECTOR.max),
  buildings: z
    .array(
      z.object({
        building: z.number().int().min(HOTEL_BUILDING.min).max(HOTEL_BUILDING.max),
        floors: z.number().int().min(HOTEL_FLOORS.min).max(HOTEL_FLOORS.max),
      }),
    )
    .max(HOTEL_BUILDINGS_MAX),
});
export type HotelInfo = z.infer<typeof hotelInfo>;

export const getHotelInfo = defineCall({
  path: '/hotel/getInfo',
  method: 'GET',
  auth: 'session',
  summary: "The caller's hotel settings, and each hotel lock's building, floor and room.",
  params: z.object({}),
  data: hotelInfo.extend({
    locks: z.array(
      z.object({
        lockId: z.number().int(),
        lockName: z.string(),
        building: z.number().int().nullable(),
        floor: z.number().int().nullable(),
      }),
    ),
  }),
});

export const updateHotelInfo = defineCall({
  path: '/hotel/updateInfo',
  method: 'POST',
  auth: 'session',
  summary: "Save the hotel settings: the sector and the buildings' floor counts (JSON).",
  params: z.object({
    sector: oneOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
    /** JSON: [{"building":1,"floors":12}, ...] */
    buildings: jsonField(hotelInfo.shape.buildings, 5000),
  }),
  data: emptyData,
});

export const setHotelRoom = defineCall({
  path: '/hotel/setLockRoom',
  method: 'POST',
  auth: 'session',
  summary: "Place a hotel lock in a building and on a floor of the caller's hotel settings.",
  params: z.object({
    lockId: idField,
    building: oneOf(Array.from({ length: 99 }, (_, i) => i + 1)),
    floor: oneOf(Array.from({ length: 199 }, (_, i) => i + 1)),
  }),
  data: emptyData,
});

export const getFaceAuthNumBalance = defineCall({
  path: '/lock/getFaceAuthNumBalance',
  method: 'GET',
  auth: 'session',
  summary:
    "The face identification balance of the lock's owner and the lock's identify frequency. Only the owner and the lock's authorized administrators may ask; others are told to contact the administrator.",
  params: z.object({ lockId: idField }),
  data: z.object({ balance: z.number().int(), frequency: z.number().int() }),
});

export const updateFaceAuthFrequency = defineCall({
  path: '/lock/updateFaceAuthFrequency',
  method: 'POST',
  auth: 'session',
  summary:
    'How often an eKey holder must identify their face on this lock: 1 first time only, 2 daily, 3 weekly, 4 monthly.',
  params: z.object({ lockId: idField, frequency: oneOf(valuesOf(FaceIdentifyFrequency)) }),
  data: emptyData,
});

export const getFaceAuthInfo = defineCall({
  path: '/user/getFaceAuthInfo',
  method: 'GET',
  auth: 'session',
  summary: "The caller's face identification balance (units bought as the face identify service).",
  params: z.object({}),
  data: z.object({ balance: z.number().int() }),
});

/** Each kind's calls, by kind. */
export const LOCK_CREDENTIAL_CALLS = { card, fingerprint, face, palmVein, qrCode, keyFob } as const;
