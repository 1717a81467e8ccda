import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
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
/** A file attached to a mail: its name, MIME type and bytes in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the mail (an invoice's PDF), base64: what was authorized is what leaves. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // a member's mails, newest first, on her page in the back office
    index('mail_outbox_to_idx').on(t.to, t.createdAt.desc()),
  ],
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
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
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
    /** the plan of the current (or last) subscription */
    subscriptionPlanId: text('subscription_plan_id'),
    /** where the current subscription came from, e.g. PROMO_CODE, CARD */
    lastServiceOrigin: text('last_service_origin'),
    /** community access granted outside a plan (spec: "private-community access") */
    privateCommunityAccess: boolean('private_community_access').notNull().default(false),
    /** how the account came to be: organic, checkout, social, guest_purchase */
    origin: text('origin').notNull().default('organic'),
    acquisitionChannel: text('acquisition_channel'),
    /** set when she deleted her account: the row stays, anonymised, for the payments that point at it */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** back office (issue 18): an operator's role; null for learners */
    role: text('role', { enum: ['admin', 'editor', 'support'] }),
    /** operators' TOTP secret, sealed with AES-256-GCM (modules/auth/totp-secrets.ts); never read out */
    totpSecret: text('totp_secret'),
    /** a new secret being enrolled (QR shown, not yet confirmed with a code), sealed the same way */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** the last accepted TOTP time step: a code is accepted once (replay protection) */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** the onboarding's answers (issue 30): goal codes (LearningGoal) and knowledge level (KnowledgeLevel) */
    learningGoals: text('learning_goals').array().notNull().default(sql`'{}'::text[]`),
    knowledgeLevel: text('knowledge_level'),
    /** set when she validates her e-mail or first logs in with a social account; cleared when she answers or skips */
    interestsPending: boolean('interests_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_idx').on(t.createdAt),
    index('users_role_idx').on(t.role).where(sql`${t.role} is not null`),
    // the dashboard's validated accounts per period (decision 68)
    index('users_email_verified_idx').on(t.emailVerifiedAt).where(sql`${t.emailVerifiedAt} is not null`),
    check('users_role_check', sql`${t.role} is null or ${t.role} in ('admin', 'editor', 'support')`),
  ],
);

/** Operators' recovery codes: 10 per enrolment, HMAC-hashed, each usable once (issue 18). */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_recovery_codes_hash_key').on(t.codeHash),
    index('operator_recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * Every change made through /api/admin (issue 18): who, when, what, on what, before and after.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0017). No foreign key to
 * users on purpose: an entry outlives whatever it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** dotted verb, e.g. promo_code.create, payment.refund, member.sessions_end */
    action: text('action').notNull(),
    /** what it acted on: member, payment, refund, promo_code, service_control, feature_flag… */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
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
    /** an operator's session that passed the second factor: short-lived, opens /api/admin */
    mfa: boolean('mfa').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    // a starting process reads the sessions ended within one access-token lifetime (decision 0250)
    index('refresh_tokens_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`),
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
    purpose: text('purpose', {
      enum: [
        'validate_account',
        'reset_password',
        'login_link',
        'change_email',
        'delete_account',
        // a visitor's botón de baja: proves the subscription's e-mail is hers (issue 28)
        'cancel_subscription',
      ],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** change_email: the new address the code was sent to */
    target: text('target'),
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
  (t) => [
    index('analytics_events_received_idx').on(t.receivedAt),
    // the dashboard's funnel: a few events over a period (decision 68)
    index('analytics_events_event_received_idx').on(t.event, t.receivedAt),
  ],
);

/* ---------------------------------- catalogue ---------------------------------- */

/** Topics (customFilters.topic): ORDER, INVESTMENT, DEBTS, ENTREPRENEURSHIP. */
export const contentCategories = pgTable('content_categories', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  color: text('color').notNull(),
  backgroundColor: text('background_color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** customFilters.level: BEGINNER, INTERMEDIATE, ADVANCED. */
export const contentLevels = pgTable('content_levels', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  color: text('color').notNull(),
  backgroundColor: text('background_color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Tags (free, new, popular, …) with the badge text shown for the first one of a course. */
export const contentTags = pgTable('content_tags', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  badge: text('badge'),
});

/** Suggested filters of the academy home; subscription_required: ONLY_SUBSCRIBERS, ONLY_UNSUBSCRIBERS or plan names. */
export const suggestedFilters = pgTable('suggested_filters', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  subscriptionRequired: text('subscription_required').array().notNull().default(sql`'{}'::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Every piece of content: a COURSE, a PROGRAM (bought alone), a PACK (groups programs or courses)
 * or an EVENT (a past-event series). Ids are stable slugs from the content file.
 */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['COURSE', 'PROGRAM', 'PACK', 'EVENT'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    descriptionAlternative: text('description_alternative'),
    thumbnail: text('thumbnail'),
    thumbnailAlternative: text('thumbnail_alternative'),
    /**
     * The illustrated cover the cards show (decision 71): the largest file as `src`, its intrinsic
     * size (the img's width and height, so nothing shifts), and every width for srcset.
     */
    cover: jsonb('cover').$type<{
      src: string;
      width: number;
      height: number;
      srcset: { src: string; width: number }[];
    }>(),
    /** who teaches it, shown on the course page ("Quién enseña"); null: the academy's team */
    teacher: jsonb('teacher').$type<{ name: string; bio: string }>(),
    /** "Lo que vas a aprender", in order; empty: the course page lists the modules */
    outcomes: jsonb('outcomes').$type<string[]>().notNull().default([]),
    categoryCode: text('category_code').references(() => contentCategories.code),
    levelCode: text('level_code').references(() => contentLevels.code),
    /** tag codes, first one shown as the badge */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isFree: boolean('is_free').notNull().default(false),
    /** programs and packs: who may buy (ALL, ONLY_SUBSCRIBERS, ONLY_UNSUBSCRIBERS) */
    audience: text('audience').notNull().default('ALL'),
    priceCentavos: integer('price_centavos'),
    regularPriceCentavos: integer('regular_price_centavos'),
    maxInstallments: integer('max_installments').notNull().default(1),
    saleableStartDate: date('saleable_start_date', { mode: 'string' }),
    saleableEndDate: date('saleable_end_date', { mode: 'string' }),
    declinedPaymentFormUrl: text('declined_payment_form_url'),
    /** programs and packs: 'MP' (card form) or the redirect provider's code (HOSTED) */
    checkoutProvider: text('checkout_provider').notNull().default('MP'),
    /** EVENT only: FINANCIAL_NEWS, INVESTMENT_TRENDS, MASTERCLASSES, INTERVIEWS_AND_CONSULTATIONS */
    eventSeries: text('event_series'),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** a scheduled publication (back office): the content.publish job publishes it at this moment */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    modulesAmount: integer('modules_amount').notNull().default(0),
    classesAmount: integer('classes_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_kind_sort_idx').on(t.kind, t.sortOrder),
    index('courses_category_idx').on(t.categoryCode),
    index('courses_level_idx').on(t.levelCode),
    index('courses_tags_idx').using('gin', t.tags),
    // Published items in catalogue order: search stops at its 30th match instead of sorting them all.
    index('courses_published_order_idx').on(t.sortOrder, t.name, t.id).where(sql`${t.published}`),
  ],
);

/** Items of a pack, in order. */
export const packItems = pgTable(
  'pack_items',
  {
    packId: text('pack_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.itemId] }), index('pack_items_item_idx').on(t.itemId)],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
  },
  (t) => [index('course_modules_course_idx').on(t.courseId, t.order)],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    /** denormalized so a progress write checks section ∈ module ∈ course with one lookup */
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
    type: text('type', { enum: ['CLASS', 'DOWNLOADABLE_MATERIAL', 'EMPTY'] }).notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** video address for CLASS, file key for DOWNLOADABLE_MATERIAL */
    sectionUrl: text('section_url'),
    mimeType: text('mime_type'),
    fileExtension: text('file_extension'),
    /** a CLASS's Spanish WebVTT captions uploaded in the back office (decision 0157); null: none */
    captionsVtt: text('captions_vtt'),
    /** the first 16 hex digits of the captions' SHA-256: their address changes with them */
    captionsHash: text('captions_hash'),
  },
  (t) => [
    index('course_sections_module_idx').on(t.moduleId, t.order),
    index('course_sections_course_idx').on(t.courseId),
  ],
);

export const courseFaqs = pgTable(
  'course_faqs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('course_faqs_course_idx').on(t.courseId, t.position)],
);

/* ------------------------------- subscription plans ------------------------------- */

export const subscriptionPlans = pgTable('subscription_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** ranks upgrades: a plan of greater weight is an upgrade */
  weight: integer('weight').notNull(),
  displayMetadata: jsonb('display_metadata')
    .$type<{ title: string; benefits: string[]; recommended: boolean; order: number }>()
    .notNull(),
  /** services the plan opens, e.g. COMMUNITY */
  privateServices: text('private_services').array().notNull().default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
});

/* ------------------------------------ progress ------------------------------------ */

/** One row per user and section; viewed_seconds and complete_fraction only ever grow. */
export const sectionProgress = pgTable(
  'section_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    moduleId: text('module_id').notNull(),
    viewedSeconds: integer('viewed_seconds').notNull().default(0),
    completeFraction: real('complete_fraction').notNull().default(0),
    /** when the section was first complete (set once): the date a certificate carries */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sectionId] }),
    index('section_progress_user_course_idx').on(t.userId, t.courseId),
  ],
);

/** One row per user and started course: start, last viewed section, finish date (set once). */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lastViewedSectionId: text('last_viewed_section_id'),
    /**
     * Sections of the course completed so far, counted by the saves that completed them (at
     * least once each; a rare concurrent double count is possible): when it reaches the course's
     * required sections, the finish check counts them exactly (progress-writer.ts).
     */
    completedSections: integer('completed_sections').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    // the dashboard's course starts and completions per period (decision 68)
    index('course_progress_started_idx').on(t.startedAt),
    index('course_progress_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);

/* ---------------------------------- certificates ---------------------------------- */

/**
 * Issued certificates. The first download freezes the learner name, course name and completion
 * date, so the same request always renders the same image and the id verifies it later.
 */
export const certificates = pgTable(
  'certificates',
  {
    /** short unguessable code printed on the image, looked up anonymously */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseName: text('course_name').notNull(),
    /** Argentina date the course was completed (or the certificate first issued) */
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId)],
);

/* ---------------------------- subscriptions and payments ---------------------------- */

/**
 * A plan's price list per billing frequency (the spec's providerPlans). Prices are centavos; the
 * discount price, when set, is what a card subscription is charged.
 */
export const providerPlans = pgTable(
  'provider_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    /** monthly, annual, … (the key of providerPlans) */
    frequency: text('frequency').notNull(),
    /** 7days, 15days, 1months, … 12months: the billing period */
    frequencyType: text('frequency_type').notNull(),
    regularPriceCentavos: integer('regular_price_centavos').notNull(),
    discountPriceCentavos: integer('discount_price_centavos'),
    /** shown rounded; derived from the prices when null */
    discountPercentage: integer('discount_percentage'),
    freeTrial: jsonb('free_trial').$type<{ frequency: number; frequencyType: 'months' | 'days' }>(),
    /** 'MP' (card form) or the redirect provider's code */
    checkoutProvider: text('checkout_provider').notNull().default('MP'),
    checkoutUrl: text('checkout_url'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_plans_plan_frequency_key').on(t.planId, t.frequency),
    // The web keys providerPlans by frequency: a value outside the contract would break the list.
    check(
      'provider_plans_frequency_check',
      sql`${t.frequency} in ('weekly', 'fortnightly', 'monthly', 'bimonthly', 'quarterly', 'fourMonthly', 'semester', 'annual')
          and ${t.frequencyType} in ('7days', '15days', '1months', '2months', '3months', '4months', '6months', '12months')`,
    ),
    check(
      'provider_plans_prices_check',
      sql`${t.regularPriceCentavos} > 0 and (${t.discountPriceCentavos} is null or ${t.discountPriceCentavos} between 1 and ${t.regularPriceCentavos})`,
    ),
  ],
);

/**
 * Promo codes. FREE_PERIOD grants a subscription of free_months/free_days (plan_id, or the lightest
 * plan); DISCOUNT_COUPON takes discount_percent off at checkout for the listed plans and
 * frequencies (empty = all). `uses` only grows through a conditional UPDATE bounded by max_uses.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** matched case-insensitively (unique on lower(code)) */
    code: text('code').notNull(),
    /** FREE_PERIOD or DISCOUNT_COUPON; free text so other features can add their kinds */
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    freeMonths: integer('free_months'),
    freeDays: integer('free_days'),
    planId: text('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    discountPercent: integer('discount_percent'),
    planIds: text('plan_ids').array().notNull().default(sql`'{}'::text[]`),
    /** PROGRAM_FREE / PROGRAM_DISCOUNT: the programs (or packs) the code applies to (empty = all) */
    programIds: text('program_ids').array().notNull().default(sql`'{}'::text[]`),
    frequencies: text('frequencies').array().notNull().default(sql`'{}'::text[]`),
    /** inactive: not yet launched or paused; disabled: switched off for good by an operator */
    active: boolean('active').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    /** Argentina dates, both inclusive */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    /** empty = every country */
    allowedCountryCodes: text('allowed_country_codes').array().notNull().default(sql`'{}'::text[]`),
    /** codes created together by the back office (a batch of N unique codes) share this id */
    batchId: text('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`lower(${t.code})`),
    index('promo_codes_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    index('promo_codes_created_idx').on(t.createdAt),
    check(
      'promo_codes_uses_check',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * One checkout: a subscription (then also the recurring agreement, with its preapproval id), a
 * program or a guest tier. Its id, in the provider's external_reference, routes every payment back.
 * One idempotency key per order; at most one checkout in flight and one active subscription per user.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['subscription', 'program', 'guest_tier'] }).notNull(),
    /** null for guest purchases */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    payerEmail: text('payer_email').notNull(),
    /** plan id, program id or tier */
    itemId: text('item_id').notNull(),
    description: text('description').notNull(),
    /** subscriptions: monthly, annual, … */
    frequency: text('frequency'),
    /** charged per payment (per period for subscriptions) */
    amountCentavos: integer('amount_centavos').notNull(),
    currency: text('currency').notNull().default('ARS'),
    status: text('status', {
      enum: [
        'created',
        'pending',
        'active',
        'paid',
        'refused',
        'error',
        'cancelled',
        'replaced',
        'expired',
        'withdrawn',
        'refunded',
      ],
    })
      .notNull()
      .default('created'),
    refusedReason: text('refused_reason'),
    provider: text('provider').notNull().default('MP'),
    idempotencyKey: text('idempotency_key').notNull(),
    providerPreapprovalId: text('provider_preapproval_id'),
    providerPreferenceId: text('provider_preference_id'),
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).references(() => promoCodes.id),
    /** an upgrade: the subscription order it supersedes */
    replacesOrderId: uuid('replaces_order_id'),
    /** an upgrade, once settled: SUCCESS, FAILED or NONE (nothing to refund) */
    upgradeRefundStatus: text('upgrade_refund_status'),
    /** what was sold and why: plan name, prices, free trial, promo code, upgrade facts */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** subscriptions: the card the provider charges (brand, e.g. visa, and its last four digits) */
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    /** subscriptions: the card's expiry as the provider read it off the card token */
    cardExpirationMonth: integer('card_expiration_month'),
    cardExpirationYear: integer('card_expiration_year'),
    /**
     * subscriptions: the card saved for her at the provider (decision 0225): her customer there and
     * the saved card's id, offered when she reactivates; null when it could not be saved
     */
    providerCustomerId: text('provider_customer_id'),
    providerCardId: text('provider_card_id'),
    /** subscriptions: cancelled by her ("botón de baja"), with the number her mail carries */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationCode: text('cancellation_code'),
    /** subscriptions: a renewal was refused; access lasts until grace_until (Argentina date) */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    graceUntil: date('grace_until', { mode: 'string' }),
    /** subscriptions: the renewal date whose reminder mail was sent (annual plans) */
    renewalReminderFor: date('renewal_reminder_for', { mode: 'string' }),
    /** the last time webhooks reconciliation asked the provider about it (payments/reconcile-orders.ts) */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_orders_past_due_idx').on(t.graceUntil).where(sql`${t.pastDueSince} is not null`),
    index('payment_orders_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'pending', 'error')`),
    uniqueIndex('payment_orders_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payment_orders_preapproval_key').on(t.providerPreapprovalId),
    uniqueIndex('payment_orders_preference_key').on(t.providerPreferenceId),
    index('payment_orders_user_idx').on(t.userId, t.kind, t.createdAt),
    // the dashboard (decision 68): orders and cancellations per period
    index('payment_orders_kind_created_idx').on(t.kind, t.createdAt),
    index('payment_orders_cancelled_idx').on(t.cancelledAt).where(sql`${t.cancelledAt} is not null`),
    uniqueIndex('payment_orders_one_active_subscription')
      .on(t.userId)
      .where(sql`${t.kind} = 'subscription' and ${t.status} = 'active'`),
    uniqueIndex('payment_orders_one_checkout_in_flight')
      .on(t.userId, t.kind)
      .where(sql`${t.status} = 'created'`),
  ],
);

/** Provider payments of an order, as last fetched from the provider (never from a notification). */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    provider: text('provider').notNull().default('MP'),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** the provider's status: approved, in_process, pending, rejected, refunded, cancelled, … */
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    amountCentavos: integer('amount_centavos').notNull(),
    refundedCentavos: integer('refunded_centavos').notNull().default(0),
    currency: text('currency').notNull().default('ARS'),
    /** regular_payment, recurring_payment */
    operationType: text('operation_type'),
    /** the provider's payment method (visa, master, account_money…) and installments, for receipts */
    paymentMethod: text('payment_method'),
    installments: integer('installments').notNull().default(1),
    /**
     * what the buyer pays in all, financing included (the provider's transaction_details.total_paid_amount),
     * and each installment; null when the provider did not say (then amount_centavos, in one payment)
     */
    totalPaidCentavos: integer('total_paid_centavos'),
    installmentCentavos: integer('installment_centavos'),
    cardLastFour: text('card_last_four'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** set once, when the access this payment pays for was granted */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    /**
     * an approved payment whose amount (or currency) differs from its order's: held for an
     * operator (the back office's attention list), never granted (issue 39, decision 0278)
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_held_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    index('payments_order_idx').on(t.orderId),
    // the dashboard's revenue per period (decision 68)
    index('payments_approved_idx').on(t.approvedAt).where(sql`${t.approvedAt} is not null`),
    index('payments_in_process_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'in_process', 'authorized')`),
  ],
);

/**
 * Refunds we ask the provider for: an upgrade's unused days, a duplicate payment of one order.
 * Written PENDING before the first request; tried at once and then retried with backoff
 * (refund-retrier.ts) until SUCCESS, or FAILED after the last try (listed for operators).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    /** the order that caused it (the upgrade, or the order paid twice) */
    causedByOrderId: uuid('caused_by_order_id').references(() => paymentOrders.id),
    providerRefundId: text('provider_refund_id'),
    amountCentavos: integer('amount_centavos').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCESS', 'FAILED'] }).notNull(),
    /** upgrade, duplicate_payment */
    reason: text('reason').notNull(),
    /** an operator's refund: why, in the operator's words (the back office shows it; reason is the kind) */
    note: text('note'),
    error: text('error'),
    /** one per refund: every attempt's provider key derives from it, and a retry is never a second refund */
    idempotencyKey: text('idempotency_key'),
    /** the payment's refunded total at the provider once this refund is done (reconciles a lost answer) */
    expectedRefundedCentavos: integer('expected_refunded_centavos'),
    /** whom to tell when it succeeds late, or at all for a duplicate payment */
    payerEmail: text('payer_email'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_refund_key').on(t.providerRefundId),
    uniqueIndex('payment_refunds_idempotency_key').on(t.idempotencyKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    // the dashboard's refunds per period (decision 68)
    index('payment_refunds_succeeded_idx').on(t.succeededAt).where(sql`${t.succeededAt} is not null`),
  ],
);

/**
 * Fiscal documents (issue 28, decision 130): one invoice per approved payment and one credit note
 * per refund that succeeded, authorized by ARCA with a CAE. Written PENDING in the transaction that
 * approves the payment or succeeds the refund, then issued by the `invoices.issue` job
 * (modules/invoices), one at a time per point of sale and voucher type. A PENDING row with a number
 * holds that number: its last request may have been authorized without us hearing the answer.
 */
export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    /** credit notes: the refund it documents */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => paymentRefunds.id),
    status: text('status', { enum: ['PENDING', 'ISSUED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    amountCentavos: integer('amount_centavos').notNull(),
    /** 6 Factura B, 8 Nota de Crédito B, 11 Factura C, 13 Nota de Crédito C (set on the first try) */
    voucherType: integer('voucher_type'),
    pointOfSale: integer('point_of_sale'),
    number: integer('number'),
    /** the voucher's date (CbteFch), in Argentina */
    issuedOn: date('issued_on', { mode: 'string' }),
    netCentavos: integer('net_centavos'),
    vatCentavos: integer('vat_centavos'),
    /** 99 consumidor final (doc_number '0'), 96 DNI, 80 CUIT */
    docType: integer('doc_type').notNull().default(99),
    docNumber: text('doc_number').notNull().default('0'),
    /** RG 5616: 5 consumidor final */
    receiverVatCondition: integer('receiver_vat_condition').notNull().default(5),
    cae: text('cae'),
    caeDueDate: date('cae_due_date', { mode: 'string' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastError: text('last_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_documents_invoice_key').on(t.paymentId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('fiscal_documents_refund_key').on(t.refundId),
    uniqueIndex('fiscal_documents_number_key').on(t.pointOfSale, t.voucherType, t.number),
    index('fiscal_documents_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('fiscal_documents_created_idx').on(t.createdAt),
  ],
);

/**
 * ARCA's WSAA login ticket, shared by every API process: WSAA refuses a second login while one is
 * live (coe.alreadyAuthenticated), so the ticket must outlive the process that got it.
 */
export const fiscalAccessTickets = pgTable('fiscal_access_tickets', {
  service: text('service').primaryKey(),
  token: text('token').notNull(),
  sign: text('sign').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every status change of an order or payment: who (actor), what (from → to) and why (reason). */
export const paymentStatusHistory = pgTable(
  'payment_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** user:<id>, webhook, system */
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Who used which promo code: once per user and code. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a coupon used at checkout: the order it discounted */
    orderId: uuid('order_id').references(() => paymentOrders.id),
    /** a free period: the end date it granted */
    grantedUntil: date('granted_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_code_redemptions_user_code_key').on(t.userId, t.promoCodeId)],
);

/**
 * Free trials given: one per person across every plan (decision 45). A person is her account and
 * the card she started it with: a keyed hash of the card's first six and last four digits and the
 * cardholder's document (never the digits themselves).
 */
export const freeTrials = pgTable(
  'free_trials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardFingerprint: text('card_fingerprint'),
    /**
     * The card itself (decision 0272): a keyed hash of its first six and last four digits, what the
     * provider reads off the card (the BIN names the issuer and brand), never the typed expiry or
     * holder. Unique: the claim is written before the agreement is created, so two accounts paying
     * with one card at the same moment get one trial; a failed creation deletes it.
     */
    cardKey: text('card_key'),
    planId: text('plan_id').notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('free_trials_user_idx').on(t.userId),
    index('free_trials_card_idx').on(t.cardFingerprint),
    uniqueIndex('free_trials_card_key').on(t.cardKey),
    // the dashboard's trials per period (decision 68)
    index('free_trials_created_idx').on(t.createdAt),
  ],
);

/**
 * A checkout submit's answer under the idempotency key the web sends with it (issue 39, decision
 * 0271): a repeated or parallel submit with the same key answers the first one's status and body,
 * never a second charge. `statusCode` is null while the first submit runs. Kept a day.
 */
export const checkoutSubmissions = pgTable(
  'checkout_submissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** which checkout: subscription, program, … */
    checkout: text('checkout').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.checkout, t.idempotencyKey] })],
);

/**
 * Withdrawals ("botón de arrepentimiento", Resolución 424/2020): a payment revoked within 10 days
 * of its purchase, refunded in full. One per payment (unique), so concurrent requests refund once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** whom the revocation mail went to */
    email: text('email').notNull(),
    /** account (logged in) or guest (e-mail plus operation number, confirmed by a mailed code) */
    channel: text('channel', { enum: ['account', 'guest'] }).notNull(),
    /** the number her mail carries, e.g. ARR-7K2P9Q */
    revocationCode: text('revocation_code').notNull(),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => paymentRefunds.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_payment_key').on(t.paymentId),
    uniqueIndex('withdrawals_revocation_code_key').on(t.revocationCode),
    index('withdrawals_user_idx').on(t.userId),
  ],
);

/** A guest's withdrawal waiting for the code mailed to the purchase's e-mail. Hashed, expiring. */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('withdrawal_requests_payment_idx').on(t.paymentId, t.createdAt)],
);

/**
 * What she has, one row per grant (issue 27, decision 90): a plan (with its weight), a program, a
 * pack or the private community; from, until (Argentina dates) and what gave it (a payment and its
 * order, a promo code, an operator, a guest purchase). Access is computed from the live rows (the
 * heaviest plan running today; the union of programs); users.subscription_end_date and
 * subscription_plan_id are a cache of it, recomputed in the same transaction (modules/entitlements).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'program', 'pack', 'private_community'] }).notNull(),
    /** plans: the plan and its weight when granted */
    planId: text('plan_id'),
    weight: integer('weight'),
    /** programs and packs: the product id */
    productId: text('product_id'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** last day of access; null: no end (programs, packs) */
    endsOn: date('ends_on', { mode: 'string' }),
    /** a bought period (guest membership, promo free period) that runs after what she has; moved up when a grant before it ends early */
    queued: boolean('queued').notNull().default(false),
    lengthMonths: integer('length_months').notNull().default(0),
    lengthDays: integer('length_days').notNull().default(0),
    /** card, guest_purchase, promo_code, operator, program_purchase, legacy */
    source: text('source').notNull(),
    /** what users.last_service_origin says while this grant is the one shown: CARD, GUEST_PURCHASE, PROMO_CODE, MANUAL */
    origin: text('origin'),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    promoCodeRedemptionId: bigint('promo_code_redemption_id', { mode: 'number' }).references(
      () => promoCodeRedemptions.id,
    ),
    operatorId: uuid('operator_id'),
    state: text('state', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    /** withdrawal, refund, upgrade, expired, operator, account_deleted */
    endedReason: text('ended_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_user_idx').on(t.userId, t.kind),
    // one grant per order: a replayed webhook finds it and extends or leaves it
    uniqueIndex('entitlements_order_key').on(t.orderId),
    index('entitlements_payment_idx').on(t.paymentId),
    // the daily pass that refreshes the cache when a grant starts or ends
    index('entitlements_live_plan_bounds_idx')
      .on(t.startsOn, t.endsOn)
      .where(sql`${t.state} = 'active' and ${t.kind} = 'plan'`),
  ],
);

/**
 * A price change of a plan for one subscriber (issue 18, decision 68): scheduled when an admin
 * changes the price her agreement pays, mailed at once, applied to her provider agreement (the
 * preapproval's amount) on `effective_on`, 30 days later at least. One pending per order: a newer
 * change replaces it.
 */
export const subscriptionPriceChanges = pgTable(
  'subscription_price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    planId: text('plan_id').notNull(),
    frequency: text('frequency').notNull(),
    fromCentavos: integer('from_centavos').notNull(),
    toCentavos: integer('to_centavos').notNull(),
    /** Argentina date from which the new amount is charged */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** applied: the provider's agreement charges the new amount; superseded: a newer change came; skipped: the agreement ended */
    status: text('status', { enum: ['scheduled', 'applied', 'superseded', 'skipped'] })
      .notNull()
      .default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_price_changes_one_scheduled')
      .on(t.orderId)
      .where(sql`${t.status} = 'scheduled'`),
    index('subscription_price_changes_due_idx').on(t.effectiveOn).where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * HLS packaging of a video uploaded in the back office (issue 18, decision 78): one row per MP4
 * (its storage key), written when the packaging is queued and moved along by the `content.hls`
 * job. While it is not `ready` the learner gets the MP4.
 */
export const videoPackagings = pgTable('video_packagings', {
  /** the MP4's storage key, subidas/videos/{hex}.mp4 */
  videoKey: text('video_key').primaryKey(),
  status: text('status', { enum: ['queued', 'packaging', 'ready', 'failed'] }).notNull(),
  /** the playlist's storage key once ready: subidas/videos/{hex}/index.m3u8 */
  playlistKey: text('playlist_key'),
  /** how the stream was made: the MP4's own streams copied, or transcoded to H.264/AAC */
  method: text('method', { enum: ['copy', 'transcode'] }),
  /** ffmpeg's last words when the last try failed */
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who may write to a resumable upload right now (issue 18, decision 85): one lease per upload
 * that a tus request holds, shared by every API process (admin/content/upload-locker.ts). The
 * holder renews it while its request runs; a process that dies leaves a lease that expires.
 */
export const uploadLocks = pgTable('upload_locks', {
  /** the upload's id, its storage key (subidas/videos/{hex}.mp4) */
  uploadId: text('upload_id').primaryKey(),
  /** a token of the holding request, the payload of a release request on its channel */
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The dashboard's figures of a long period (more than 31 days), kept so that opening it reads a
 * row instead of a year of events (decision 0196): written by the request that computed them and
 * refreshed every 10 minutes by the `dashboard.snapshots` job while an operator asked for the
 * period in the last day. Disposable: a missing or old row is computed again.
 */
export const dashboardSnapshots = pgTable(
  'dashboard_snapshots',
  {
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    /** the answer of GET /api/admin/metrics (contract `metricsSchema`) */
    metrics: jsonb('metrics').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    /** the last time an operator asked for the period: the job refreshes only recent ones */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.periodFrom, t.periodTo] })],
);

/* ---------------------------------- news: her home (issue 44) ---------------------------------- */

/**
 * A post of the academy shown in Novedades, written in the back office (admin/news). The body is
 * the small markdown subset of `@alcancia/contract` news.ts, checked when saved (no HTML at all)
 * and rendered by the web as elements, never as HTML (decision 0352). Unpublished: published_at null.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** the cover's address: a path of this site (/covers/…, /media/…) or an https address */
    coverUrl: text('cover_url'),
    coverAlt: text('cover_alt').notNull().default(''),
    body: text('body').notNull(),
    /** the class (a section of a course) or the course/program the post links to */
    linkCourseId: text('link_course_id').references(() => courses.id, { onDelete: 'set null' }),
    linkSectionId: text('link_section_id').references(() => courseSections.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_posts_published_idx').on(t.publishedAt).where(sql`published_at is not null`)],
);

/** Her weekly goal (Novedades): minutes or classes a week, the range checked by the contract. */
export const weeklyGoals = pgTable(
  'weekly_goals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['MINUTES', 'CLASSES'] }).notNull(),
    target: integer('target').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('weekly_goals_target_positive', sql`${t.target} > 0`)],
);

/**
 * What she studied each day (Buenos Aires calendar day): seconds of class newly watched and classes
 * completed. Written by triggers on section_progress in the progress save's own transaction
 * (migration 0041), read by her weekly goal and streak (decision 0351).
 */
export const learningDays = pgTable(
  'learning_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    classes: integer('classes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The app's hand-off to the web (decision 0353): a code the app asks for with its session, for one
 * path of the web; the web trades it once, within minutes, for a session of its own. Hashed.
 */
export const appHandoffCodes = pgTable(
  'app_handoff_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the app's session (refresh_tokens.family_id): an ended session's code is refused */
    familyId: uuid('family_id').notNull(),
    /** where the web goes once signed in, fixed by the app's request */
    nextPath: text('next_path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_handoff_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Reminders with consent (issue 44): her choice of channel, days, hour and quiet hours. One row per
 * person; `channel` null means no reminders. Hours are Argentina's (America/Argentina/Buenos_Aires).
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'whatsapp', 'email'] }),
    /** ISO weekdays, 1 = Monday … 7 = Sunday */
    days: integer('days').array().notNull().default(sql`'{}'::integer[]`),
    hour: integer('hour').notNull().default(19),
    /** quiet hours [start, end) in Argentina, wrapping midnight when start > end; both null: none */
    quietStart: integer('quiet_start'),
    quietEnd: integer('quiet_end'),
    /** her WhatsApp number, E.164 (+549…), once confirmed by the code */
    whatsappPhone: text('whatsapp_phone'),
    whatsappConfirmedAt: timestamp('whatsapp_confirmed_at', { withTimezone: true }),
    /** a number waiting for its code: the number, the code's hash, its expiry and tries */
    pendingPhone: text('pending_phone'),
    pendingCodeHash: text('pending_code_hash'),
    pendingCodeExpiresAt: timestamp('pending_code_expires_at', { withTimezone: true }),
    pendingCodeAttempts: integer('pending_code_attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reminder_settings_hour', sql`${t.hour} between 0 and 23`),
    check(
      'reminder_settings_quiet',
      sql`(${t.quietStart} is null and ${t.quietEnd} is null) or (${t.quietStart} between 0 and 23 and ${t.quietEnd} between 0 and 23)`,
    ),
    index('reminder_settings_whatsapp_idx').on(t.whatsappPhone),
  ],
);

/**
 * Every opt-in and opt-out of reminders, with its time and the exact text she agreed to (or the
 * way she stopped). Append-only: a trigger refuses updates; rows go only with her account.
 */
export const reminderConsents = pgTable(
  'reminder_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'whatsapp', 'email'] }).notNull(),
    action: text('action', { enum: ['opt_in', 'opt_out'] }).notNull(),
    /** the text shown to her when she agreed, word for word; for an opt-out, how she stopped */
    text: text('text').notNull(),
    /** where it happened: mi_cuenta, whatsapp (an inbound BAJA) */
    source: text('source').notNull(),
    /** the WhatsApp number it applies to, when the channel is whatsapp */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reminder_consents_user_idx').on(t.userId, t.channel, t.id)],
);

/** Her browsers' Web Push subscriptions (the PushSubscription the browser gives). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the push service's URL for this browser: unique, it belongs to one account */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One reminder per person per Argentina day: the row is the claim (its primary key makes a second
 * one impossible across processes) and, for push and WhatsApp, the outbox the dispatcher sends
 * from (leased like mail_outbox). An e-mail reminder is written to mail_outbox in the claim's
 * transaction and is `sent` here at once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: ['push', 'whatsapp', 'email'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** the WhatsApp message id (wamid) the API answered */
    providerMessageId: text('provider_message_id'),
    /** the latest status webhook: sent, delivered, read, failed */
    deliveryStatus: text('delivery_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('reminder_sends_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('reminder_sends_message_idx').on(t.providerMessageId),
  ],
);

/* ---------- Mis Cuentas (issue 43): her money, hers only; minor units, Buenos Aires days ---------- */

/** Her accounts: efectivo, banco, Mercado Pago, dólares; each in ARS or USD. */
export const pfmAccounts = pgTable(
  'pfm_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['efectivo', 'banco', 'mercado_pago', 'dolares'] }).notNull(),
    currency: text('currency', { enum: ['ARS', 'USD'] }).notNull(),
    openingBalanceMinor: bigint('opening_balance_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pfm_accounts_user_idx').on(t.userId)],
);

/** Her credit cards: the statement closes on closingDay (clamped to the month) and is due on dueDay. */
export const pfmCards = pgTable(
  'pfm_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    closingDay: integer('closing_day').notNull(),
    dueDay: integer('due_day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pfm_cards_user_idx').on(t.userId),
    check('pfm_cards_days', sql`${t.closingDay} between 1 and 31 and ${t.dueDay} between 1 and 31`),
  ],
);

/** Money in (positive) or out (negative) of one of her accounts, with a category she can change. */
export const pfmMovements = pgTable(
  'pfm_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => pfmAccounts.id, { onDelete: 'cascade' }),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['ARS', 'USD'] }).notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pfm_movements_user_day_idx').on(t.userId, t.occurredOn),
    index('pfm_movements_account_idx').on(t.accountId),
  ],
);

/** Her rules: a description that contains `contains` (any case) gets `category`. */
export const pfmRules = pgTable(
  'pfm_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contains: text('contains').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pfm_rules_user_idx').on(t.userId)],
);

/** A card purchase, whole: its cash price, cuotas and rate; its cuotas are pfm_installments. */
export const pfmPurchases = pgTable(
  'pfm_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pfmCards.id, { onDelete: 'cascade' }),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['ARS', 'USD'] }).notNull(),
    installments: integer('installments').notNull(),
    /** TNA in percent, decimal text ("0" interest-free) */
    annualRatePercent: text('annual_rate_percent').notNull().default('0'),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pfm_purchases_card_idx').on(t.cardId)],
);

/** One cuota of a purchase, in the statement (closing date) it falls in. */
export const pfmInstallments = pgTable(
  'pfm_installments',
  {
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => pfmPurchases.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pfmCards.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['ARS', 'USD'] }).notNull(),
    statementClosing: date('statement_closing', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.number] }),
    index('pfm_installments_card_statement_idx').on(t.cardId, t.statementClosing),
  ],
);

/** A statement she paid: settled, whatever its cuotas. One per card and closing date. */
export const pfmStatementPayments = pgTable(
  'pfm_statement_payments',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => pfmCards.id, { onDelete: 'cascade' }),
    statementClosing: date('statement_closing', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** what it settled, per currency (minor units) */
    paidMinor: jsonb('paid_minor').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.statementClosing] })],
);

/**
 * Progress she made offline (a kept class played without connection, issue 44, decision 0361),
 * one row per event the device sent: its key (a UUID the device made) is written in the same
 * transaction as the progress it carried, so a replayed event changes nothing. Kept 60 days
 * (the device deletes an event once its answer arrived; a replay comes within days).
 */
export const offlineProgressEvents = pgTable(
  'offline_progress_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    courseId: text('course_id').notNull(),
    sectionId: text('section_id').notNull(),
    seconds: integer('seconds').notNull(),
    /** saved: written; refused: not hers to write (access ended, unknown class), answered the same on a replay */
    outcome: text('outcome', { enum: ['saved', 'refused'] }).notNull(),
    refusalCode: text('refusal_code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    index('offline_progress_events_received_idx').on(t.receivedAt),
  ],
);

/* ---------- Aladina (issue 42): the academy's assistant, its passages, questions and her notes ---------- */

/**
 * What Aladina retrieves from (rebuilt from the content, never edited by hand): a few caption cues
 * of a class (`start_ms` is the first cue's start, a cue that exists), a material's text, or a
 * course's description. The Spanish full-text vector (`search`, unaccented) is added by the
 * migration's own SQL, generated from the body.
 */
export const aladinaPassages = pgTable(
  'aladina_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** the class or material; null for the course's own description */
    sectionId: text('section_id').references(() => courseSections.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cue', 'material', 'course'] }).notNull(),
    /** cue passages: the first cue's start and the last one's end, in milliseconds */
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
    body: text('body').notNull(),
  },
  (t) => [index('aladina_passages_section_idx').on(t.sectionId, t.startMs)],
);

/** Every word the passages hold (unaccented, lower case): a misspelt query word is corrected to its nearest. */
export const aladinaTerms = pgTable('aladina_terms', {
  term: text('term').primaryKey(),
});

/**
 * A question a learner asked, as she wrote it with her personal numbers masked (nothing else of the
 * conversation is kept): whether it was answered from the classes, refused as personal advice,
 * and her thumbs up or down. Operators read them without names; deleted with her account.
 */
export const aladinaQuestions = pgTable(
  'aladina_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** answered | not_covered | advice | refused (another learner's data, or only orders to the assistant) */
    outcome: text('outcome', { enum: ['answered', 'not_covered', 'advice', 'refused'] }).notNull(),
    /** the course of the first citation, or the nearest one suggested */
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** 1 thumbs up, -1 thumbs down, null not rated */
    rating: integer('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('aladina_questions_created_idx').on(t.createdAt),
    index('aladina_questions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Her private notes at a moment of a class (issue 42): listed per course and in Mi cuenta. */
export const classNotes = pgTable(
  'class_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    atSeconds: integer('at_seconds').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_notes_user_course_idx').on(t.userId, t.courseId, t.sectionId, t.atSeconds),
    index('class_notes_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);
