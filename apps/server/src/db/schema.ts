import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts. The uid is the id. An account has an email, a mobile number (E.164) or both. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').unique(),
    mobile: text('mobile').unique(),
    countryId: text('country_id').notNull(),
    countryCode: text('country_code').notNull(),
    nickname: text('nickname').notNull().default(''),
    headUrl: text('head_url').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /**
     * Argon2id of the MD5 (32 lowercase hex) of the password, as TTLock's open API clients send it
     * to /oauth2/token; set wherever the password itself is known (docs/ttlock-compat.md), null
     * until then.
     */
    openApiPasswordHash: text('open_api_password_hash'),
    /** The language of the account's last login: what messages to it are written in. */
    locale: text('locale'),
    /** Account balance in cents of the account's currency. */
    balanceCents: integer('balance_cents').notNull().default(0),
    /** The brand (package name) the account registered under. */
    packageName: text('package_name').notNull(),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the account was deleted (/user/unregister, docs/accounts.md): the row stays so what
     * others keep (keys and credentials it issued on their locks, orders) still points at it, with
     * no mobile, email, password or profile left; the mobile number and email are free again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('users_has_account', sql`${t.email} is not null or ${t.mobile} is not null or ${t.deletedAt} is not null`),
  ],
);

/** Sessions: only the SHA-256 of each access token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    appId: text('app_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Validation codes: only a keyed hash of each code is kept; few tries, short life, single use. */
export const validationCodes = pgTable(
  'validation_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    type: integer('type').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('validation_codes_account_idx').on(t.account, t.type, t.createdAt)],
);

/** Slider puzzles: the answer stays here; one answer each; a right answer yields one token. */
export const sliderChallenges = pgTable('slider_challenges', {
  id: text('id').primaryKey(),
  answerX: integer('answer_x').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  tokenHash: text('token_hash').unique(),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits and brute-force lockouts, shared by every instance. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Signatures of state-changing calls seen inside the replay window. */
export const requestNonces = pgTable(
  'request_nonces',
  {
    appId: text('app_id').notNull(),
    sign: text('sign').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.sign] }), index('request_nonces_expiry_idx').on(t.expiresAt)],
);

/** Every outbound message: delivered by SMTP or an SMS provider when configured, else kept here. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    locale: text('locale').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Locks. A lock belongs to the account that initialized it (its owner, the primary admin). */
export const locks = pgTable(
  'locks',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    mac: text('mac').notNull().unique(),
    /** The lock's own number, shown as a label (e.g. "S31_1a2b3c"). */
    lockNumber: text('lock_number').notNull(),
    name: text('name').notNull(),
    firmware: text('firmware').notNull(),
    /** Capability bits (hex), as the lock reports them. */
    featureValue: text('feature_value').notNull(),
    passcodeVersion: integer('passcode_version').notNull(),
    /** Shared with the lock at initialization for offline checks; never sent to anyone else. */
    lockSecret: text('lock_secret').notNull(),
    /** Offset of the lock's clock from UTC, in milliseconds. */
    timezoneRawOffset: integer('timezone_raw_offset').notNull().default(0),
    battery: integer('battery').notNull().default(100),
    /** LockState of the contract. */
    state: integer('state').notNull().default(2),
    /** The lock's switches as it last confirmed them (LockSwitch name -> value). */
    switches: jsonb('switches').$type<Record<string, number>>().notNull().default({}),
    /** A car-park lock's barrier: "raised" or "lowered"; null for other locks or until known. */
    parking: text('parking'),
    /** The gateway's clock at the state last applied: an older report never overrides a newer. */
    stateAt: bigint('state_at', { mode: 'number' }).notNull().default(0),
    /** Auto-lock time in seconds as the lock confirmed it (0 until known). */
    autoLockSeconds: integer('auto_lock_seconds').notNull().default(0),
    /** Passage mode as the lock confirmed it: switch (1 on, 2 off) and periods. */
    passageMode: jsonb('passage_mode')
      .$type<{ passageMode: number; periods: { weekDays: number[]; startMinute: number; endMinute: number }[] }>()
      .notNull()
      .default({ passageMode: 2, periods: [] }),
    /** RoomStatus: 1 checked in, 2 empty (hotel locks). */
    roomStatus: integer('room_status').notNull().default(2),
    /** DaylightSavingReminder: 1 enter, 2 exit, 3 do not remind (the console's own setting). */
    daylightSavingReminder: integer('daylight_saving_reminder').notNull().default(3),
    /** FaceIdentifyFrequency: how often an eKey holder identifies their face (1 first time only). */
    faceAuthFrequency: integer('face_auth_frequency').notNull().default(1),
    /**
     * The longest an eKey credential issued for this lock lives, in days (the owner's setting,
     * EKEY_CREDENTIAL_MAX_AGE_DAYS): each credential's notAfter is at most its issue plus this.
     */
    eKeyCredentialMaxAgeDays: integer('ekey_credential_max_age_days').notNull().default(7),
    /** A hotel lock's place in its owner's hotel settings (hotel_settings): building and floor. */
    hotelBuilding: integer('hotel_building'),
    hotelFloor: integer('hotel_floor'),
    /** The city the owner put the lock in; none: its gateway's city counts. */
    cityId: integer('city_id').references(() => cities.id),
    /** When it was last unlocked (the public map's active locks), kept as unlocks arrive. */
    lastUnlockAt: timestamp('last_unlock_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('locks_owner_idx').on(t.ownerId),
    index('locks_owner_name_idx').on(t.ownerId, t.name, t.id),
    index('locks_city_idx').on(t.cityId),
  ],
);

/** Gateways, each with its own MQTT secret (only its SHA-256 is kept). */
export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    mac: text('mac').notNull().unique(),
    name: text('name').notNull(),
    /** GatewayVersion: 1 G1 to 4 G4. */
    version: integer('version').notNull(),
    networkName: text('network_name').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    /** The secret sealed with a key derived from SECRET_KEY: commands are signed with it. */
    secretSealed: text('secret_sealed').notNull().default(''),
    online: integer('online').notNull().default(0),
    /** WiFi signal strength (RSSI, dBm) as the gateway last reported it. */
    rssi: integer('rssi'),
    /** The gateway's clock at the status last applied: an older status never overrides a newer. */
    statusAt: bigint('status_at', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The city it is in: the app's at set-up, or the owner's. */
    cityId: integer('city_id').references(() => cities.id),
    createdAt: createdAt(),
  },
  // The owner's gateways by name: the gateway screen's page is this index walked (it serves the owner alone too).
  (t) => [index('gateways_owner_name_idx').on(t.ownerId, t.name, t.id)],
);

/** Which locks a gateway reaches, with signal strength (from the app after pairing, then the gateway). */
export const gatewayLocks = pgTable(
  'gateway_locks',
  {
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    lockId: integer('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    rssi: integer('rssi'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.lockId] }), index('gateway_locks_lock_idx').on(t.lockId)],
);

/** Remote operations: each one ends (success, failed or no retry) by its deadline. */
export const remoteOperations = pgTable(
  'remote_operations',
  {
    id: text('id').primaryKey(),
    lockId: integer('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The API operation (RemoteOperationName) and the device command it sent. */
    name: text('name').notNull(),
    command: text('command').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** RemoteOperationState of the contract. */
    state: integer('state').notNull(),
    /** The gateway's reason (DeviceError) or "timeout" / "gatewayOffline". */
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('remote_operations_open_idx').on(t.state, t.deadline),
    index('remote_operations_gateway_idx').on(t.gatewayId, t.state),
  ],
);

/**
 * Lock records (unlock log entries) as locks upload them; an entry uploaded twice is kept once.
 * Partitioned by month of `lock_date` (docs/records.md, "Partitions"): drizzle-kit cannot say so,
 * so migration 0021 made the partitions by hand and the server keeps them
 * (domains/lockRecord/recordPartitions.ts). A partitioned table's keys hold the partition key:
 * the primary key is (id, lock_date), the dedupe key (lock_id, device_record_id, lock_date).
 */
export const lockRecords = pgTable(
  'lock_records',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    lockId: integer('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    /** The lock's own id of the entry. */
    deviceRecordId: text('device_record_id').notNull(),
    recordType: integer('record_type').notNull(),
    success: integer('success').notNull(),
    username: text('username').notNull().default(''),
    credential: text('credential').notNull().default(''),
    lockDate: timestamp('lock_date', { withTimezone: true }).notNull(),
    serverDate: timestamp('server_date', { withTimezone: true }).notNull().defaultNow(),
    battery: integer('battery'),
    /** Who is behind it (docs/records.md): the eKey holder's nickname or account, the credential's name, else the username. */
    person: text('person').notNull().default(''),
    /** The credential behind it when the cloud knew it at intake: its CredentialKind and id. */
    credentialKind: text('credential_kind'),
    credentialId: integer('credential_id'),
    /** The city its lock was counted in when it arrived (the public map's aggregates). */
    cityId: integer('city_id'),
  },
  (t) => [
    primaryKey({ name: 'lock_records_pkey', columns: [t.id, t.lockDate] }),
    // A record sent again carries the lock time it was first sent with: stored once.
    unique('lock_records_device_unique').on(t.lockId, t.deviceRecordId, t.lockDate),
    // Newest-first keyset reads per lock: all records, one query type's, one credential's.
    index('lock_records_lock_date_idx').on(t.lockId, t.lockDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('lock_records_lock_type_idx').on(
      t.lockId,
      t.recordType,
      t.lockDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('lock_records_lock_credential_idx').on(
      t.lockId,
      t.credentialKind,
      t.credentialId,
      t.lockDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A lock's records by a passcode, card or other number (the keyboardPwd, cardNumber... filters).
    index('lock_records_lock_number_idx').on(
      t.lockId,
      t.credential,
      t.lockDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The person search (searchStr): trigrams of who, account and credential, per lock.
    index('lock_records_search_idx').using('gin', t.lockId, sql`${recordSearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * What the records' person search looks in: who, the account and the credential, one per line
 * (a search never holds a line break, so no match spans two of them). The expression must stay
 * exactly as the search index `lock_records_search_idx` was built on for the index to serve it.
 */
export function recordSearchText(t: { person: AnyPgColumn; username: AnyPgColumn; credential: AnyPgColumn }): SQL {
  return sql`(${t.person} || chr(10) || ${t.username} || chr(10) || ${t.credential})`;
}

/** Notifications for an account (unlock notices from gateways, ...), kept until read. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    lockId: integer('lock_id').references(() => locks.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** An account's lock groups (names unique per account). */
export const lockGroups = pgTable(
  'lock_groups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('lock_groups_owner_name_unique').on(t.ownerId, t.name)],
);

/** Which of a user's groups holds a lock: each user files each lock in at most one group. */
export const lockGroupLocks = pgTable(
  'lock_group_locks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lockId: integer('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => lockGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lockId] }),
    index('lock_group_locks_group_idx').on(t.groupId),
    index('lock_group_locks_user_group_idx').on(t.userId, t.groupId),
  ],
);

/** Unlock links: a signed, expiring link that unlocks a lock for whoever opens it. Only the hash is kept. */
export const unlockLinks = pgTable(
  'unlock_links',
  {
    id: serial('id').primaryKey(),
    lockId: integer('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('unlock_links_lock_idx').on(t.lockId)],
);

/** The lock a row belongs to: it goes with the lock. */
const lockRef = () =>
  integer('lock_id')
    .notNull()
    .references(() => locks.id, { onDelete: 'cascade' });

/**
 * A credential's sync with its lock (docs/stays.md, "Credentials on the lock"): why its last
 * operation failed, how many times in a row it has, when it is tried again (null: not), and the
 * failed operation a retry sends again (its command and params).
 */
const credentialSync = () => ({
  syncError: text('sync_error'),
  syncAttempts: integer('sync_attempts').notNull().default(0),
  syncNextAt: timestamp('sync_next_at', { withTimezone: true }),
  syncOperationId: text('sync_operation_id'),
});

/** The account that created a row. */
const creatorRef = () =>
  integer('creator_id')
    .notNull()
    .references(() => users.id);

/** A credential's validity span (open-ended when null). */
const validitySpan = () => ({
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
});

/**
 * eKeys: a lock's key sent to an account. An unregistered recipient is kept by account
 * (recipientAccount) until that account's app syncs. `version` rises with every freeze,
 * validity change, reset and deletion; `lockRevokedBelow` is the version the lock has confirmed
 * it refuses below (docs/credentials.md).
 */
export const ekeys = pgTable(
  'ekeys',
  {
    id: serial('id').primaryKey(),
    lockId: lockRef(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    recipientId: integer('recipient_id').references(() => users.id),
    /** The recipient's account: an email address or an E.164 mobile number. */
    recipientAccount: text('recipient_account').notNull(),
    keyName: text('key_name').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    /** ValidityType 1 permanent, 2 limited, 3 once, 4 cyclic. */
    validityType: integer('validity_type').notNull(),
    ...validitySpan(),
    cycle: jsonb('cycle').$type<{ weekDays: number[]; startMinute: number; endMinute: number }>(),
    remoteEnable: integer('remote_enable').notNull().default(0),
    /** EKeyAuthorized: 1 the recipient is an authorized administrator of the lock. */
    keyRight: integer('key_right').notNull().default(0),
    /** EKeyStatus of the contract. */
    status: text('status').notNull(),
    version: integer('version').notNull().default(1),
    /** The version below which the lock should refuse this key's credentials (0: none yet). */
    revokeBelow: integer('revoke_below').notNull().default(0),
    lockRevokedBelow: integer('lock_revoked_below').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ekeys_lock_idx').on(t.lockId, t.createdAt),
    /** A lock's eKey list (none deleted or reset), newest first, and its count from the index alone. */
    index('ekeys_lock_listed_idx').on(t.lockId, t.createdAt, t.id).where(sql`${t.status} not in ('110408', '110410')`),
    /** Keys that can lapse into overdue (in force or waiting, not permanent): what a list marks first. */
    index('ekeys_lock_lapsing_idx')
      .on(t.lockId, t.endDate)
      .where(sql`${t.status} in ('110401', '110402', '110411') and ${t.validityType} <> 1`),
    /** Administrator keys by lock: an owner's administrators without reading their locks' other keys. */
    index('ekeys_lock_admin_idx').on(t.lockId, t.recipientId).where(sql`${t.keyRight} = 1`),
    index('ekeys_recipient_idx').on(t.recipientId),
    index('ekeys_recipient_account_idx').on(t.recipientAccount),
    /** Lock users: a person's eKeys by their key (the account, case folded). */
    index('ekeys_holder_idx').on(sql`lower(${t.recipientAccount})`),
    index('ekeys_sender_idx').on(t.senderId),
    uniqueIndex('ekeys_live_unique')
      .on(t.lockId, t.recipientAccount)
      .where(sql`${t.status} not in ('110407', '110408', '110409', '110410')`),
  ],
);

/**
 * Passcodes of a lock. Offline ones (types 1 to 5) are computed from the lock's key: `serial`
 * tells apart codes of the same payload. Custom ones (type 6) are stored in the lock through a
 * gateway. No two live passcodes of a lock share digits, and an offline code is never issued twice.
 */
export const passcodes = pgTable(
  'passcodes',
  {
    id: serial('id').primaryKey(),
    lockId: lockRef(),
    creatorId: creatorRef(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    /** PasscodeType 1 to 6. */
    type: integer('type').notNull(),
    /** CyclicPasscodeSubtype 5 to 14 for cyclic codes. */
    cycleType: integer('cycle_type'),
    cycleStartHour: integer('cycle_start_hour'),
    cycleEndHour: integer('cycle_end_hour'),
    ...validitySpan(),
    serial: integer('serial'),
    /** PasscodeStatus of the contract. */
    status: text('status').notNull(),
    /** The remote operation in flight for a custom code or a deletion. */
    operationId: text('operation_id'),
    ...credentialSync(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('passcodes_live_code_unique').on(t.lockId, t.code).where(sql`${t.status} <> '110503'`),
    index('passcodes_lock_code_idx').on(t.lockId, t.code),
    index('passcodes_lock_idx').on(t.lockId, t.createdAt),
    /** Lock users: a person's passcodes by their key (the name, trimmed and case folded). */
    index('passcodes_holder_idx').on(sql`lower(btrim(${t.name}))`),
    index('passcodes_sync_due_idx').on(t.syncNextAt).where(sql`${t.syncNextAt} is not null`),
  ],
);

/** Bytes (PostgreSQL bytea), as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Cards, fingerprints, faces, palm veins, QR codes and key fobs a lock stores (one table, `kind`
 * tells them apart). `value` is what the lock recognises: the card or key fob number, the
 * SHA-256 of a fingerprint template or face photo, the palm vein number the lock answered, the
 * QR code number. A row leaves the table when the lock confirms its deletion; a lost card stays,
 * as lost. No lock holds the same live value of a kind twice.
 */
export const lockCredentials = pgTable(
  'lock_credentials',
  {
    id: serial('id').primaryKey(),
    lockId: lockRef(),
    creatorId: creatorRef(),
    /** LockCredentialKind of the contract. */
    kind: text('kind').notNull(),
    /** The number shown: card, key fob or QR code number; fingerprint and face: the id; palm vein: the lock's. */
    number: text('number').notNull(),
    name: text('name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** Cards: CardType; fingerprints: FingerprintDeviceType; others null. */
    type: integer('type'),
    /** ValidityType 1 permanent, 2 limited, 3 once, 4 cyclic. */
    validityType: integer('validity_type').notNull(),
    ...validitySpan(),
    cycle: jsonb('cycle').$type<{ weekDays: number[]; startMinute: number; endMinute: number }>(),
    /** CardStatus / CredentialStatus of the contract (as stored: normal, never will-be-valid or invalid). */
    status: integer('status').notNull(),
    /** Faces: the holder's ID number. */
    idNumber: text('id_number'),
    /** QR codes: the signed text the code carries; faces: where the console loads the photo. */
    link: text('link'),
    /** What the lock recognises; null for a palm vein until the lock answers it. */
    value: text('value'),
    /** The validity a running change asks for, applied when the lock confirms it. */
    pendingValidity: jsonb('pending_validity').$type<{
      validityType: number;
      startDate: number | null;
      endDate: number | null;
      cycle: { weekDays: number[]; startMinute: number; endMinute: number } | null;
    }>(),
    /** The remote operation in flight for it. */
    operationId: text('operation_id'),
    ...credentialSync(),
    createdAt: createdAt(),
  },
  (t) => [
    index('lock_credentials_lock_idx').on(t.lockId, t.kind, t.createdAt),
    index('lock_credentials_number_idx').on(t.kind, t.number),
    /** Lock users: a person's cards, fingerprints... by their key (the name, trimmed and case folded). */
    index('lock_credentials_holder_idx').on(sql`lower(btrim(${t.name}))`),
    uniqueIndex('lock_credentials_live_value_unique').on(t.lockId, t.kind, t.value).where(sql`${t.status} <> 12`),
    index('lock_credentials_sync_due_idx').on(t.syncNextAt).where(sql`${t.syncNextAt} is not null`),
  ],
);

/** Each lock's last reconciliation (credentialSync): what it lacked (re-sent) and what it held unknown. */
export const credentialSyncReports = pgTable('credential_sync_reports', {
  lockId: integer('lock_id')
    .primaryKey()
    .references(() => locks.id, { onDelete: 'cascade' }),
  operationId: text('operation_id').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** Why the lock could not be read, else null. */
  error: text('error'),
  missingCount: integer('missing_count').notNull().default(0),
  unknownCount: integer('unknown_count').notNull().default(0),
  /** At most RECONCILE_REPORT_ITEMS_MAX each: `{ kind, value, id }`. */
  missing: jsonb('missing').$type<{ kind: string; value: string; id: number | null }[]>().notNull().default([]),
  unknown: jsonb('unknown').$type<{ kind: string; value: string; id: number | null }[]>().notNull().default([]),
});

/** Face photos, kept apart from their credentials' rows (lists never read them). */
export const facePhotos = pgTable('face_photos', {
  credentialId: integer('credential_id')
    .primaryKey()
    .references(() => lockCredentials.id, { onDelete: 'cascade' }),
  /** jpg, png or bmp. */
  format: text('format').notNull(),
  bytes: bytea('bytes').notNull(),
});

/** An account's hotel settings: the card sector its encoder writes and its buildings' floor counts. */
export const hotelSettings = pgTable('hotel_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sector: integer('sector').notNull().default(0),
  buildings: jsonb('buildings').$type<{ building: number; floors: number }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Units of a value-added service an account holds (ServiceType: 3 face identify, 5 fingerprint);
 * an account without a row has none.
 */
export const serviceBalances = pgTable(
  'service_balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: integer('service_type').notNull(),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceType] }), check('service_balances_units', sql`${t.units} >= 0`)],
);

/** Account avatars (at most one per account), kept apart from the users' rows (lists never read them). */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** image/jpeg, image/png or image/webp, as the bytes say. */
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Hex SHA-256 of the bytes; its first 12 digits version the avatar's address. */
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's advanced (VIP) function (docs/payments.md): the free trial, started at most once,
 * and the paid period with the number of locks its plan covers. Its status is computed from the
 * two ends (contract `vipStateAt`), so it never needs a job to expire.
 */
export const vipSubscriptions = pgTable('vip_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  /** The most locks the paid plan covers. */
  lockLimit: integer('lock_limit'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Orders of paid services (purchase records). The price is fixed when the order is made; the
 * status moves created -> paid / overdue / cancelled, paid -> refunded (OrderStatus).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The brand (package name) the order was made under. */
    packageName: text('package_name').notNull(),
    serviceType: integer('service_type').notNull(),
    /** Units of a package, or years of the advanced function. */
    quantity: integer('quantity').notNull(),
    /** The advanced function plan's lock count. */
    lockLimit: integer('lock_limit'),
    /** Minor units (fen, cents). */
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    currency: integer('currency').notNull(),
    paymentMethod: integer('payment_method').notNull(),
    /** The payment provider that takes the payment (sandbox, alipay, wechatpay, stripe). */
    provider: text('provider').notNull(),
    /** The provider's own reference of the payment. */
    providerRef: text('provider_ref'),
    status: integer('status').notNull(),
    /** The last payment attempt was declined. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** customer (asked for it), provider (refunded at the provider) or late (paid after it ended). */
    refundReason: text('refund_reason'),
    /** Units (or years) the refund took back. */
    reversed: integer('reversed'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_waiting_idx').on(t.status, t.expiresAt),
  ],
);

/** Payment notifications already applied, by the provider's event id: one delivered twice applies once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox payment provider's payments (its own books, apart from the merchant's orders). */
export const sandboxPayments = pgTable('sandbox_payments', {
  /** Unguessable: the checkout page's address carries it. */
  id: text('id').primaryKey(),
  orderNo: text('order_no').notNull(),
  merchant: text('merchant').notNull(),
  description: text('description').notNull(),
  amount: integer('amount').notNull(),
  currency: integer('currency').notNull(),
  method: integer('method').notNull(),
  returnUrl: text('return_url').notNull(),
  /** open, paid, cancelled, refunded */
  status: text('status').notNull(),
  declinedAt: timestamp('declined_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});

/** The sandbox provider's signed notifications to the merchant, sent until taken (to the merchant's address of the moment). */
export const sandboxNotifications = pgTable(
  'sandbox_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_notifications_due_idx').on(t.deliveredAt, t.nextAttemptAt)],
);

/** An owner's message templates for passcode and eKey notices, by channel (sms, email). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** TemplateType: 1 passcode, 2 eKey. */
    type: integer('type').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('message_templates_name').on(t.userId, t.channel, t.name)],
);

/** Face identifications of eKey holders (each used a unit of the lock owner's face identification balance). */
export const faceIdentifications = pgTable(
  'face_identifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => ekeys.id, { onDelete: 'cascade' }),
    lockId: lockRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whose balance paid for it: the lock's owner at the time. */
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('face_identifications_key_idx').on(t.keyId, t.createdAt.desc())],
);

/** Cities locks and gateways are placed in: a copy of the bundled GeoNames city, made when first used. */
export const cities = pgTable('cities', {
  /** The GeoNames id. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** ISO 3166 country code. */
  country: text('country').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  population: integer('population').notNull().default(0),
});

/**
 * Unlocks per city, method and time bucket, kept as records arrive (docs/map.md): minutes for the
 * last hour, hours for the last day, days for the month, each pruned past what it serves.
 */
export const cityUnlocks = pgTable(
  'city_unlocks',
  {
    /** CityUnlockGrain: 1 minute, 2 hour, 3 day. */
    grain: smallint('grain').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    cityId: integer('city_id').notNull(),
    /** UnlockMethod. */
    method: text('method').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.cityId, t.method] })],
);

/**
 * The TTLock-compatible open API's client of an account (docs/ttlock-compat.md): its client id
 * and a SHA-256 of its secret (a random 256-bit secret, shown once; the demo account's is derived
 * from the root secret), and where new records are posted in TTLock's callback form.
 */
export const openApiClients = pgTable('open_api_clients', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  /** http(s) address new unlock records are posted to, or null. */
  callbackUrl: text('callback_url'),
  createdAt: createdAt(),
  secretChangedAt: timestamp('secret_changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tokens of the open API (OAuth2 password grant): access and refresh token stored as SHA-256
 * only, each expiring; revoked by a refresh (the old pair), a new client secret or a new password.
 */
export const openApiTokens = pgTable(
  'open_api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientPk: integer('client_pk')
      .notNull()
      .references(() => openApiClients.id, { onDelete: 'cascade' }),
    /** The account the token acts as: it can never do more than this account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('open_api_tokens_user_idx').on(t.userId), index('open_api_tokens_client_idx').on(t.clientPk)],
);

/**
 * Calls per account per calendar month (UTC), for the monthly meter: those of the open API client
 * (source `openApi`) and those of each API key (source `key:<id>`).
 */
export const openApiUsage = pgTable(
  'open_api_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who called: `openApi` (the account's open API client) or `key:<id>` (one of its API keys). */
    source: text('source').notNull().default('openApi'),
    /** The calendar month (UTC), as YYYY-MM. */
    month: text('month').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source, t.month] })],
);

/**
 * API keys (docs/integrations.md): a secret sent as `Authorization: Bearer slk_...`, kept as
 * SHA-256 only (a random 256-bit secret needs no slow hash), acting as its account within its
 * scopes and, when `lockIds` is set, only on those locks. Revoked keys stay (revokedAt) so the
 * meter and the log keep naming them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters (slk_ and six more), to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** What the key may do: read, locks, credentials, remote. */
    scopes: text('scopes').array().notNull(),
    /** The only locks the key may reach, or null for every lock the account manages. */
    lockIds: integer('lock_ids').array(),
    createdAt: createdAt(),
    /** Noted at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * The audit trail (docs/governance.md "Audit trail"): each account's chain of changes, one row
 * per change, each carrying its predecessor's hash. No foreign keys: an entry outlives the lock,
 * key or session it names (accounts stay as tombstones).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose trail: the lock owner's account for a lock's call, else the caller's. */
    accountId: integer('account_id').notNull(),
    /** 1, 2, 3... per account, without gaps. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** When the change was recorded, epoch ms (hashed as written). */
    at: bigint('at', { mode: 'number' }).notNull(),
    actorUserId: integer('actor_user_id'),
    /** session, openApi or apiKey. */
    actorKind: text('actor_kind').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }),
    apiKeyId: bigint('api_key_id', { mode: 'number' }),
    appId: text('app_id').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The contract call's path (/lock/rename). */
    path: text('path').notNull(),
    /** The lock the call was about, if one. */
    lockId: integer('lock_id'),
    /** What else it named: { keyId: 5 }, { lockIdList: [1, 2] }... */
    target: jsonb('target').notNull(),
    /** The call's parameters, secrets redacted. */
    params: jsonb('params').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_account_seq_idx').on(t.accountId, t.seq),
    index('audit_entries_actor_idx').on(t.actorUserId, t.at),
    index('audit_entries_account_at_idx').on(t.accountId, t.at),
  ],
);

/**
 * Each account's chain head, locked FOR UPDATE by every append (so an account's appends take
 * turns on any number of instances, and accounts do not wait for each other), and the anchor
 * retention left: the last pruned entry's seq and hash, where verification starts.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  accountId: integer('account_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
  anchorSeq: bigint('anchor_seq', { mode: 'number' }).notNull().default(0),
  anchorHash: text('anchor_hash').notNull(),
});

/**
 * Revoke-all jobs (docs/governance.md, "Person view and revoke all"): one person's credentials
 * on the locks the caller manages, taken back lock by lock in the background. The job's state is
 * its items'; `finished_at` is set once every item has ended.
 */
export const revokeJobs = pgTable(
  'revoke_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person's key (lock users' `lockUser`) and shown name when the job began. */
    lockUser: text('lock_user').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('revoke_jobs_user_idx').on(t.userId, t.finishedAt)],
);

/**
 * One lock of a revoke-all job. An instance claims a due item (FOR UPDATE SKIP LOCKED) and
 * leases it until `due_at`; an item whose lease ran out (its instance stopped) is claimed again.
 * A pending item waits for its lock to confirm the deletions it started (`operation_ids`).
 */
export const revokeJobItems = pgTable(
  'revoke_job_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => revokeJobs.id, { onDelete: 'cascade' }),
    /** The lock (no reference: the item outlives a lock deleted meanwhile) and its name then. */
    lockId: integer('lock_id').notNull(),
    lockAlias: text('lock_alias').notNull(),
    /** RevokeState of the contract. */
    state: text('state').notNull(),
    removed: integer('removed').notNull().default(0),
    atLock: integer('at_lock').notNull().default(0),
    kept: integer('kept').notNull().default(0),
    errorCode: integer('error_code').notNull().default(0),
    operationError: text('operation_error'),
    operationIds: jsonb('operation_ids').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    /** When the item is next due: queued now; running, when its lease ends; pending, its next check. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('revoke_job_items_job_idx').on(t.jobId, t.id),
    index('revoke_job_items_due_idx').on(t.dueAt).where(sql`${t.state} in ('queued', 'running', 'pending')`),
  ],
);

/**
 * Each account's alert rules (docs/governance.md, Alerts): the thresholds, the quiet hours (minutes
 * of the lock's own day; none when start equals end) and how each alert kind reaches the owner
 * besides the console (`delivery`: kind → "email" or "sms"; a kind not named stays in the console).
 * No row: the defaults.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    batteryPercent: smallint('battery_percent').notNull(),
    gatewayOfflineMinutes: integer('gateway_offline_minutes').notNull(),
    wrongPasscodeCount: smallint('wrong_passcode_count').notNull(),
    wrongPasscodeMinutes: integer('wrong_passcode_minutes').notNull(),
    doorOpenMinutes: integer('door_open_minutes').notNull(),
    quietStart: smallint('quiet_start').notNull(),
    quietEnd: smallint('quiet_end').notNull(),
    delivery: jsonb('delivery').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alert_settings_battery', sql`${t.batteryPercent} between 1 and 99`),
    check('alert_settings_quiet', sql`${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439`),
  ],
);

/**
 * Alerts raised for an account: at most one open (neither read nor cleared) per kind and subject
 * (the lock or gateway), held by the partial unique index, so instances raising the same alert at
 * once store it once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** AlertKind. */
    kind: text('kind').notNull(),
    lockId: integer('lock_id').references(() => locks.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'cascade' }),
    /** What the condition is about: "lock:<id>" or "gateway:<id>". */
    subject: text('subject').notNull(),
    /** What raised it: battery, minutes, count, the record's type and time. */
    details: jsonb('details').$type<Record<string, number | string>>().notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The condition ended (battery back, gateway online, lock locked): the next one is a new alert. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** How it went out besides the console: "", "email", "sms", "smsNoUnits" (skipped: no SMS units left), "failed". */
    delivery: text('delivery').notNull().default(''),
  },
  (t) => [
    uniqueIndex('alerts_open_unique').on(t.ownerId, t.kind, t.subject).where(sql`${t.clearedAt} is null`),
    index('alerts_owner_idx').on(t.ownerId, t.id.desc()),
  ],
);

/**
 * An account's webhook endpoints (docs/integrations.md, "Webhooks"): where events are sent, which
 * events, and the secret deliveries are signed with (sealed: the owner can read it again).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The event names it hears (WEBHOOK_EVENTS). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret, AES-GCM sealed under a key derived from SECRET_KEY. */
    secretSealed: text('secret_sealed').notNull(),
    /** Events not queued because WEBHOOK_PENDING_MAX deliveries were already waiting, and when the last was. */
    droppedEvents: integer('dropped_events').notNull().default(0),
    lastDroppedAt: timestamp('last_dropped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * Deliveries waiting, made or given up: a webhook event for one endpoint, or a TTLock-form record
 * callback (`kind`). Any instance's worker claims what is due (FOR UPDATE SKIP LOCKED), so each
 * try is made once; kept across restarts. `body` is exactly what is sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account the delivery is for. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The endpoint, for kind `webhook`; null for a record callback (sent to the account's callback address). */
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `webhook` (signed JSON) or `ttlockCallback` (TTLock's form, answered `success`). */
    kind: text('kind').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** `pending`, `delivered` or `failed`. */
    status: text('status').notNull().default('pending'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    /** Counts what waits for an endpoint, for its cap (WEBHOOK_PENDING_MAX). */
    index('webhook_deliveries_waiting_idx').on(t.endpointId).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Calendar feeds (docs/stays.md): a lock or a lock group (exactly one) subscribed to an
 * iCalendar feed of reservations. Any instance's poller claims a feed that is due (FOR UPDATE
 * SKIP LOCKED with a lease), so each feed is read by one instance at a time; a conditional
 * request (ETag, Last-Modified) spares reading an unchanged feed.
 */
export const stayFeeds = pgTable(
  'stay_feeds',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lockId: integer('lock_id').references(() => locks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => lockGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    url: text('url').notNull(),
    checkInBufferMinutes: integer('check_in_buffer_minutes').notNull(),
    checkOutBufferMinutes: integer('check_out_buffer_minutes').notNull(),
    /** StayNotify of the contract. */
    notify: text('notify').notNull(),
    guestRemoteUnlock: integer('guest_remote_unlock').notNull().default(0),
    /** The brand and language the feed was made in: its guests' messages fall back to them. */
    brand: text('brand').notNull().default(''),
    locale: text('locale').notNull().default('en_US'),
    /** StayFeedState of the contract; the error as a message key and its parameters. */
    state: text('state').notNull().default('new'),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by an instance's poller until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stay_feeds_one_target', sql`(${t.lockId} IS NULL) <> (${t.groupId} IS NULL)`),
    index('stay_feeds_owner_idx').on(t.ownerId),
    index('stay_feeds_lock_idx').on(t.lockId),
    index('stay_feeds_group_idx').on(t.groupId),
    index('stay_feeds_due_idx').on(t.nextPollAt),
  ],
);

/** A reservation of a feed (its event's UID), with the window its credentials open the locks in. */
export const stays = pgTable(
  'stays',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => stayFeeds.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    summary: text('summary').notNull().default(''),
    guestName: text('guest_name').notNull().default(''),
    guestEmail: text('guest_email'),
    guestPhone: text('guest_phone'),
    guestLocale: text('guest_locale').notNull(),
    checkIn: timestamp('check_in', { withTimezone: true }).notNull(),
    checkOut: timestamp('check_out', { withTimezone: true }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** 'live' while the feed holds it; 'cancelled' once cancelled or gone from the feed; 'failed' when not issued. */
    state: text('state').notNull(),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    /** The guest page's link: a random nonce signed with a key derived from SECRET_KEY; a new nonce revokes the old link. */
    guestNonce: text('guest_nonce').notNull(),
    /** When the guest was sent the code and link (once). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('stays_feed_uid_unique').on(t.feedId, t.uid),
    index('stays_check_in_idx').on(t.feedId, t.checkIn),
    /** Retention: the stays whose window ended longest ago. */
    index('stays_valid_to_idx').on(t.validTo),
  ],
);

/** A stay's credential on one lock (a group's feed gives each of the group's locks one). */
export const stayCredentials = pgTable(
  'stay_credentials',
  {
    stayId: integer('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    lockId: lockRef(),
    passcodeId: integer('passcode_id').references(() => passcodes.id, { onDelete: 'set null' }),
    /** The stay's QR code on a lock that reads them (shown on the guest page). */
    qrCredentialId: integer('qr_credential_id').references(() => lockCredentials.id, { onDelete: 'set null' }),
    /** Why this lock's credential could not be issued (message key and parameters). */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
  },
  (t) => [primaryKey({ columns: [t.stayId, t.lockId] }), index('stay_credentials_passcode_idx').on(t.passcodeId)],
);

/** Arrival instructions for guests, per lock or per lock group (exactly one). */
export const stayInstructions = pgTable(
  'stay_instructions',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lockId: integer('lock_id').references(() => locks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => lockGroups.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stay_instructions_one_target', sql`(${t.lockId} IS NULL) <> (${t.groupId} IS NULL)`),
    uniqueIndex('stay_instructions_lock_unique').on(t.lockId).where(sql`${t.lockId} IS NOT NULL`),
    uniqueIndex('stay_instructions_group_unique').on(t.groupId).where(sql`${t.groupId} IS NOT NULL`),
  ],
);
