import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Key/value facts about this database, e.g. which demo seed version it holds. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Transactional outbox: a mail is written in the same transaction as the change that causes it,
 * then delivered by the dispatcher, retried with backoff while SMTP is down. Nothing is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Development only: mail received by the local SMTP capture, read at /dev/correo. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_created_idx').on(t.to, t.createdAt)],
);

/** Operator switches read by GET /service-control/{name} (COMMUNITY, CHAT_BOT, social logins…). */
export const serviceControls = pgTable('service_controls', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  resource: text('resource'),
  reference: text('reference'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Remote feature flags read by GET /remote-config/feature-flags (default off). */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------------------------------- accounts ---------------------------------- */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** stored lower-case; compared case-insensitively by normalizing before every lookup */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id; null for accounts created by social login or a guest purchase until a password is set */
    passwordHash: text('password_hash'),
    countryCode: text('country_code'),
    telephone: text('telephone'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** last subscribed day (Argentina date); subscribed means today or later */
    subscriptionEndDate: date('subscription_end_date', { mode: 'string' }),
    /** how the account came to be: organic, checkout, social, guest_purchase */
    origin: text('origin').notNull().default('organic'),
    acquisitionChannel: text('acquisition_channel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Products a user owns: product type (programs, packs, courses) → ids. */
export const userPurchases = pgTable(
  'user_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    productId: text('product_id').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_purchases_user_product_key').on(t.userId, t.productType, t.productId)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family; every refresh
 * rotates (the old row gets used_at) and a reuse of a used token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** E-mailed codes: account validation, password reset, login link. Hashed, single use, expiring. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['validate_account', 'reset_password', 'login_link'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Accounts linked to a social provider subject. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/** Tracking events from the web. user_id comes from the verified token, never from the body. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    source: text('source').notNull(),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id'),
    channel: text('channel'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt)],
);
