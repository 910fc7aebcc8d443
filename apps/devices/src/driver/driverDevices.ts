/**
 * The devices plugged into the machine the simulated driver runs on: one hotel card encoder and
 * two fingerprint scanners, shared by every connection (docs/driver.md).
 */
import { randomInt } from 'node:crypto';
import type { DriverDevice, DriverErrorName } from '@smartlock/contract';

export const ENCODER_ID = 'encoder-1';
export const SCANNER_A_ID = 'scanner-a';
export const SCANNER_B_ID = 'scanner-b';

/** What a hotel card holds once written: the room (its lock) and the validity. */
export interface HotelCardData {
  sector: number;
  building: number;
  floor: number;
  lockMac: string;
  startDate: number;
  endDate: number;
}

/** The card lying on the encoder. */
export interface CardOnEncoder {
  cardNumber: string;
  hotel: HotelCardData | null;
}

/** Errors a control line can make the next request to a device fail with. */
export const INJECTABLE_FAILURES = ['deviceConnectionFailed', 'timeout'] as const;
export type InjectableFailure = (typeof INJECTABLE_FAILURES)[number];

interface SimulatedDevice {
  readonly info: Omit<DriverDevice, 'busy'>;
  plugged: boolean;
  /** A request is running on it (one at a time, whichever connection asked). */
  busy: boolean;
  /** The next request fails with this. */
  failNext: InjectableFailure | undefined;
}

/** A device as the status control line shows it. */
export type DeviceStatus = DriverDevice & { plugged: boolean };

/** A blank card's number: 10 digits, not starting with 0. */
export function randomCardNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

export class DriverDevices {
  private readonly devices: Map<string, SimulatedDevice>;
  private card: CardOnEncoder | undefined;
  /** What the encoder wrote on each card, by number: a card placed again still holds it. */
  private readonly written = new Map<string, HotelCardData>();

  constructor(options: { encoder?: boolean; scanners?: boolean } = {}) {
    const encoder = options.encoder !== false;
    const scanners = options.scanners !== false;
    const device = (info: SimulatedDevice['info'], plugged: boolean): [string, SimulatedDevice] => [
      info.deviceId,
      { info, plugged, busy: false, failNext: undefined },
    ];
    this.devices = new Map([
      device({ deviceId: ENCODER_ID, kind: 'cardEncoder', name: 'Card encoder CE-1' }, encoder),
      device({ deviceId: SCANNER_A_ID, kind: 'fingerprintScanner', deviceType: 1, name: 'Scanner FS-A' }, scanners),
      device({ deviceId: SCANNER_B_ID, kind: 'fingerprintScanner', deviceType: 2, name: 'Scanner FS-B' }, scanners),
    ]);
    this.card = { cardNumber: randomCardNumber(), hotel: null };
  }

  /** The devices plugged in, as the driver tells the console. */
  list(): DriverDevice[] {
    return [...this.devices.values()].filter((d) => d.plugged).map((d) => ({ ...d.info, busy: d.busy }));
  }

  /** Every device the simulator knows, plugged in or not. */
  status(): DeviceStatus[] {
    return [...this.devices.values()].map((d) => ({ ...d.info, busy: d.busy, plugged: d.plugged }));
  }

  has(deviceId: string): boolean {
    return this.devices.has(deviceId);
  }

  /** Plugs a device in or out; false for a device the simulator does not have. */
  setPlugged(deviceId: string, plugged: boolean): boolean {
    const device = this.devices.get(deviceId);
    if (!device) return false;
    device.plugged = plugged;
    return true;
  }

  isPlugged(deviceId: string): boolean {
    return this.devices.get(deviceId)?.plugged === true;
  }

  /** The next request to the device fails with `failure`; false for a device the simulator does not have. */
  failNext(deviceId: string, failure: InjectableFailure): boolean {
    const device = this.devices.get(deviceId);
    if (!device) return false;
    device.failNext = failure;
    return true;
  }

  /**
   * Takes a plugged-in device of `kind` for one request: why not (deviceNotFound for one that is
   * absent or of another kind, deviceOccupied while another request runs on it, an injected
   * failure), or the function that gives it back.
   */
  claim(
    deviceId: string,
    kind: DriverDevice['kind'],
  ): { ok: true; device: DriverDevice; release: () => void } | { ok: false; error: DriverErrorName } {
    const device = this.devices.get(deviceId);
    if (!device?.plugged || device.info.kind !== kind) return { ok: false, error: 'deviceNotFound' };
    if (device.busy) return { ok: false, error: 'deviceOccupied' };
    if (device.failNext) {
      const error = device.failNext;
      device.failNext = undefined;
      return { ok: false, error };
    }
    device.busy = true;
    return {
      ok: true,
      device: { ...device.info, busy: true },
      release: () => {
        device.busy = false;
      },
    };
  }

  /** The card on the encoder (a copy), if any. */
  cardOnEncoder(): CardOnEncoder | undefined {
    return this.card ? { ...this.card, hotel: this.card.hotel ? { ...this.card.hotel } : null } : undefined;
  }

  /** Lays a card on the encoder (what was written on it before, by this simulator, is still there). */
  placeCard(cardNumber: string): CardOnEncoder {
    const hotel = this.written.get(cardNumber);
    this.card = { cardNumber, hotel: hotel ? { ...hotel } : null };
    return { ...this.card };
  }

  removeCard(): void {
    this.card = undefined;
  }

  /** Writes (hotel data) or erases (null) the card on the encoder; its number, or undefined without a card. */
  writeCard(hotel: HotelCardData | null): string | undefined {
    if (!this.card) return undefined;
    this.card.hotel = hotel ? { ...hotel } : null;
    if (hotel) this.written.set(this.card.cardNumber, { ...hotel });
    else this.written.delete(this.card.cardNumber);
    return this.card.cardNumber;
  }
}
