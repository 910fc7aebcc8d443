import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
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
    /** VipStatus of the contract. */
    vipStatus: integer('vip_status').notNull().default(0),
    /** Account balance in cents of the account's currency. */
    balanceCents: integer('balance_cents').notNull().default(0),
    /** The brand (package name) the account registered under. */
    packageName: text('package_name').notNull(),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_has_account', sql`${t.email} is not null or ${t.mobile} is not null`)],
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
    createdAt: createdAt(),
  },
  (t) => [index('locks_owner_idx').on(t.ownerId)],
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
    online: integer('online').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('gateways_owner_idx').on(t.ownerId)],
);
