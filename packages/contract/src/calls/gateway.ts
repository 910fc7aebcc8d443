import { z } from 'zod';
import { valuesOf } from '../enums/define';
import { GatewayVersion } from '../enums/lock';
import { defineCall } from './define';
import { oneOf, requiredText, text } from './fields';

export const add = defineCall({
  path: '/gateway/add',
  method: 'POST',
  auth: 'session',
  summary:
    "Register a gateway the mobile app has just set up (name, version G1 to G4, WiFi name). Returns the gateway's MQTT user name and secret, once, for the app to write into the gateway.",
  params: z.object({
    gatewayMac: requiredText(17),
    gatewayName: requiredText(50),
    gatewayVersion: oneOf(valuesOf(GatewayVersion)),
    networkName: text(64).optional(),
  }),
  data: z.object({ gatewayId: z.number().int(), username: z.string(), secret: z.string() }),
});
