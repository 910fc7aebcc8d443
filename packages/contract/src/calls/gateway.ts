import { z } from 'zod';
import { valuesOf } from '../enums/define';
import { GatewayVersion } from '../enums/lock';
import { pageSchema } from '../envelope';
import { NAME_MAX } from '../limits';
import { defineCall } from './define';
import {
  emptyData,
  idField,
  idListField,
  jsonField,
  oneOf,
  pageParams,
  requiredText,
  text,
  transferConfirmation,
} from './fields';
import { lockBasics } from './lock';

export const add = defineCall({
  path: '/gateway/add',
  method: 'POST',
  auth: 'session',
  summary:
    "Register a gateway the mobile app has just set up (name, version G1 to G4, WiFi name, the city it is in). Returns the gateway's MQTT user name and secret, once, for the app to write into the gateway.",
  params: z.object({
    gatewayMac: requiredText(17),
    gatewayName: requiredText(NAME_MAX),
    gatewayVersion: oneOf(valuesOf(GatewayVersion)),
    networkName: text(64).optional(),
    /** The city the app set the gateway up in (its phone's nearest city; /city/search). */
    cityId: idField.optional(),
  }),
  data: z.object({ gatewayId: z.number().int(), username: z.string(), secret: z.string() }),
});

const gatewayTarget = z.object({ gatewayId: idField });

export const gatewayItem = z.object({
  gatewayId: z.number().int(),
  gatewayMac: z.string(),
  gatewayName: z.string(),
  /** GatewayVersion: 1 G1 to 4 G4. */
  gatewayVersion: z.number().int(),
  /** The WiFi network it is on. */
  networkName: z.string(),
  /** WiFi signal strength: RSSI in dBm (null until it reports) and its SignalGrade. */
  rssi: z.number().int().nullable(),
  signalGrade: z.number().int(),
  /** OnlineState: 1 online, 0 offline. */
  isOnline: z.number().int(),
  lockNum: z.number().int(),
  lastSeenAt: z.number().nullable(),
  /** The city it is placed in, or null. */
  cityId: z.number().int().nullable(),
  cityName: z.string(),
});

export const list = defineCall({
  path: '/gateway/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's gateways: name, WiFi name, signal strength, online or offline, version, number of locks.",
  params: z.object({ ...pageParams, gatewayName: text(NAME_MAX).optional() }),
  data: pageSchema(gatewayItem),
});

export const listLock = defineCall({
  path: '/gateway/listLock',
  method: 'GET',
  auth: 'session',
  summary: 'The locks a gateway of the caller reaches, with the signal grade of each.',
  params: gatewayTarget,
  data: z.object({
    list: z.array(
      lockBasics.extend({
        rssi: z.number().int().nullable(),
        signalGrade: z.number().int(),
        remoteUnlock: z.number().int(),
        updatedAt: z.number(),
      }),
    ),
  }),
});

export const updateLockReach = defineCall({
  path: '/gateway/updateLockReach',
  method: 'POST',
  auth: 'session',
  summary:
    "Which of the caller's locks a gateway reaches, with signal strength, as the mobile app finds after pairing (locks: JSON [{lockId, rssi}]). Replaces the gateway's list; the gateway's own reach events update it later.",
  params: gatewayTarget.extend({
    locks: jsonField(
      z.array(z.object({ lockId: z.number().int().positive(), rssi: z.number().int().min(-127).max(0) })).max(200),
      20_000,
    ),
  }),
  data: emptyData,
});

export const rename = defineCall({
  path: '/gateway/rename',
  method: 'POST',
  auth: 'session',
  summary: "Rename one of the caller's gateways.",
  params: gatewayTarget.extend({ gatewayName: requiredText(NAME_MAX) }),
  data: emptyData,
});

export const remove = defineCall({
  path: '/gateway/delete',
  method: 'POST',
  auth: 'session',
  summary:
    "Delete one of the caller's gateways: its credentials stop working at once and its locks lose remote operations through it.",
  params: gatewayTarget,
  data: emptyData,
});

export const transfer = defineCall({
  path: '/gateway/transfer',
  method: 'POST',
  auth: 'session',
  summary:
    "Transfer gateways to another account, permanently: the caller gives up managing them. Confirmed with the caller's password and a validation code (type 9) sent to the caller's own account.",
  params: z.object({
    gatewayIdList: idListField,
    ...transferConfirmation,
  }),
  data: emptyData,
});
