/**
 * The contract's limits, named once: the call schemas enforce them and the console's forms
 * read them (maximum lengths, counts, bounds), so the two never drift apart.
 */

/** The names people give things: locks, groups, gateways, their own nickname (characters). */
export const NAME_MAX = 50;
/** An eKey's name. */
export const KEY_NAME_MAX = 50;
/** A passcode's name. */
export const PASSCODE_NAME_MAX = 50;
/** The name of a card, fingerprint, face, palm vein, QR code or key fob. */
export const CREDENTIAL_NAME_MAX = 50;
/** A remark (eKeys, credentials, administrators, locks): text that may span lines. */
export const REMARK_MAX = 200;
/** What a list's search box sends. */
export const SEARCH_MAX = 100;
/** A recipient's account (an eKey's or passcode's receiver, a transfer's receiving account). */
export const RECEIVER_MAX = 100;

/** Ids one call names (locks, groups, gateways): a comma-separated list of at most this many. */
export const IDS_PER_CALL_MAX = 200;
/** Recipients one batch eKey call sends to. */
export const RECIPIENTS_PER_CALL_MAX = 200;

/** A card number: this many decimal digits (what the encoder reads, or typed). */
export const CARD_NUMBER_DIGITS = { min: 4, max: 20 } as const;
/** A key fob number as printed on it: this many hexadecimal digits. */
export const KEY_FOB_DIGITS = { min: 6, max: 16 } as const;
/** The identity-document number a face credential carries. */
export const ID_NUMBER_MAX = 20;

/** A hotel card's sector. */
export const HOTEL_SECTOR = { min: 0, max: 15 } as const;
/** A hotel building's number. */
export const HOTEL_BUILDING = { min: 1, max: 99 } as const;
/** How many floors a hotel building has. */
export const HOTEL_FLOORS = { min: 1, max: 199 } as const;
/** How many buildings the hotel settings list. */
export const HOTEL_BUILDINGS_MAX = 99;

/** A lock's time-zone offset from UTC, in milliseconds: UTC-12 to UTC+14. */
export const TIMEZONE_OFFSET_MS = { min: -12 * 3_600_000, max: 14 * 3_600_000 } as const;

/** The records of one passcode: the passcode a records filter names, at most this long. */
export const RECORD_PASSCODE_FILTER_MAX = 20;
/** The records of one card, fingerprint, palm vein, face, QR code or key fob: its number, at most this long. */
export const RECORD_CREDENTIAL_FILTER_MAX = 40;
