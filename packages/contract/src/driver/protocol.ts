/**
 * The local device driver (docs/driver.md): a WebSocket service on the user's own machine that
 * the console connects to, to reach a hotel card encoder and fingerprint scanners plugged into
 * that machine. It listens on 127.0.0.1 only, on DRIVER_PORT, and serves pages of the allowed
 * origins only. Requests and answers are JSON text frames; the first request is `hello`.
 */
import { z } from 'zod';
import { HOTEL_BUILDING, HOTEL_FLOORS, HOTEL_SECTOR } from '../limits';

/** Where the console looks for the driver: ws://127.0.0.1:DRIVER_PORT/. */
export const DRIVER_PORT = 18_620;
/** The wire protocol this console speaks. */
export const DRIVER_PROTOCOL = 1;
/** The oldest driver the console works with; an older one is "web socket plugin version too low". */
export const MIN_DRIVER_VERSION = '2.1.0';

/** Why a driver request failed. The console shows each with its section 8 message. */
export const DriverError = {
  deviceNotFound: 'deviceNotFound',
  deviceOccupied: 'deviceOccupied',
  deviceConnectionFailed: 'deviceConnectionFailed',
  noCard: 'noCard',
  timeout: 'timeout',
  badRequest: 'badRequest',
  protocolTooOld: 'protocolTooOld',
} as const;
export type DriverErrorName = (typeof DriverError)[keyof typeof DriverError];

export const driverDevice = z.object({
  deviceId: z.string(),
  kind: z.enum(['cardEncoder', 'fingerprintScanner']),
  /** Fingerprint scanners: FingerprintDeviceType (1 or 2). */
  deviceType: z.number().int().optional(),
  name: z.string(),
  /** Another program (or console tab) is using it. */
  busy: z.boolean(),
});
export type DriverDevice = z.infer<typeof driverDevice>;

const hotelRoom = z.object({
  sector: z.number().int().min(HOTEL_SECTOR.min).max(HOTEL_SECTOR.max),
  building: z.number().int().min(HOTEL_BUILDING.min).max(HOTEL_BUILDING.max),
  floor: z.number().int().min(HOTEL_FLOORS.min).max(HOTEL_FLOORS.max),
  /** The lock's MAC: a hotel card opens the lock of its room. */
  lockMac: z.string(),
});

/** Each method: its params and its result. */
export const DRIVER_METHODS = {
  /** First request: protocol and version check, and the devices plugged in. */
  hello: {
    params: z.object({ protocol: z.number().int(), client: z.string().max(100) }),
    result: z.object({
      driverVersion: z.string(),
      protocol: z.number().int(),
      devices: z.array(driverDevice),
    }),
  },
  listDevices: { params: z.object({}), result: z.object({ devices: z.array(driverDevice) }) },
  /** Reads the number of the card lying on the encoder. */
  readCard: {
    params: z.object({ deviceId: z.string() }),
    result: z.object({
      cardNumber: z.string(),
      hotel: hotelRoom.extend({ startDate: z.number(), endDate: z.number() }).nullable(),
    }),
  },
  /** Writes a hotel card for a room and a validity onto the card lying on the encoder. */
  writeHotelCard: {
    params: z.object({ deviceId: z.string(), room: hotelRoom, startDate: z.number(), endDate: z.number() }),
    result: z.object({ cardNumber: z.string() }),
  },
  /** Erases the card lying on the encoder. */
  eraseCard: { params: z.object({ deviceId: z.string() }), result: z.object({ cardNumber: z.string() }) },
  /**
   * Collects a fingerprint: the scanner asks for the finger several times (`progress` events),
   * then answers the template (base64).
   */
  collectFingerprint: {
    params: z.object({ deviceId: z.string() }),
    result: z.object({ template: z.string(), deviceType: z.number().int() }),
  },
} as const;
export type DriverMethod = keyof typeof DRIVER_METHODS;

/** Console -> driver. */
export const driverRequest = z.object({ id: z.number().int(), method: z.string(), params: z.unknown() });
export type DriverRequest = z.infer<typeof driverRequest>;

/** Driver -> console: an answer to a request, or an event while one runs. */
export const driverMessage = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), result: z.unknown() }),
  z.object({
    id: z.number().int(),
    ok: z.literal(false),
    error: z.object({
      code: z.enum(Object.values(DriverError) as [DriverErrorName, ...DriverErrorName[]]),
      message: z.string(),
    }),
  }),
  z.object({
    event: z.literal('progress'),
    id: z.number().int(),
    /** Scans done and needed. */
    step: z.number().int(),
    of: z.number().int(),
  }),
]);
export type DriverMessage = z.infer<typeof driverMessage>;

/** Whether a driver version (x.y.z) is at least `minimum`. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const parse = (v: string) => v.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const [a, b] = [parse(version), parse(minimum)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}
