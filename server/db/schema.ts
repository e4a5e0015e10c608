// The one Drizzle schema (PostgreSQL dialect) for every entity of the product (docs/product.md). The same
// migrations run on PGlite and on a PostgreSQL server. TypeScript names follow the API contract's JSON fields (docs/api.md).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const entreprises = pgTable('entreprises', {
  entrepriseId: serial('entreprise_id').primaryKey(),
  nomEntreprise: text('nom_entreprise').notNull(),
  adresse: text('adresse'),
  telephone: text('telephone'),
  siret: text('siret').unique(),
  dateValidCatalogue: date('date_valid_catalogue'),
  // The reporting time zone of the dashboard (IANA name): its day, week, month and year edges.
  timeZone: text('time_zone').notNull().default('Europe/Paris'),
  /** Where the viewer's "Demander un devis" leads (https), set by an Admin or Directeur. */
  quoteUrl: text('quote_url'),
  /** The origins (https) allowed to frame the company's viewer pages: their CSP `frame-ancestors`. */
  frameOrigins: jsonb('frame_origins')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

export const roles = pgTable('roles', {
  roleId: serial('role_id').primaryKey(),
  nomRole: text('nom_role').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    // Stored lower-cased: a mail is unique whatever its case.
    mail: text('mail').notNull(),
    mobile: text('mobile'),
    fonction: text('fonction'),
    managerId: integer('manager_id').references((): AnyPgColumn => users.userId, { onDelete: 'set null' }),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    // Bumped by logout, password change and disable: every token carrying an older version is refused.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_mail_unique').on(t.mail), index('users_entreprise_idx').on(t.entrepriseId)],
);

export const typeLicences = pgTable('type_licences', {
  typeLicenceId: serial('type_licence_id').primaryKey(),
  type: text('type').notNull().unique(),
});

export const licences = pgTable(
  'licences',
  {
    licenceId: serial('licence_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    typeLicenceId: integer('type_licence_id')
      .notNull()
      .references(() => typeLicences.typeLicenceId),
    licenceKey: text('licence_key').notNull(),
    dateActivation: timestamp('date_activation', { withTimezone: true }),
    dateExpiration: timestamp('date_expiration', { withTimezone: true }),
    macAdress: text('mac_adress'),
    createdAt: createdAt(),
  },
  (t) => [index('licences_user_idx').on(t.userId)],
);

export const customers = pgTable(
  'customers',
  {
    customerId: serial('customer_id').primaryKey(),
    // The owner (a Vendeur reaches his own customers) and his company (Manager/Directeur reach these).
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    mail: text('mail').notNull(),
    mobile: text('mobile').notNull(),
    adress: text('adress'),
    city: text('city'),
    postalCode: text('postal_code'),
    commentaire: text('commentaire'),
    compagny: text('compagny'),
    createdAt: createdAt(),
  },
  (t) => [index('customers_user_idx').on(t.userId), index('customers_entreprise_idx').on(t.entrepriseId)],
);

export const propositions = pgTable(
  'propositions',
  {
    propositionId: serial('proposition_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    description: text('description'),
    dateCreation: timestamp('date_creation', { withTimezone: true }).notNull().defaultNow(),
    statusName: text('status_name'),
    // Storage keys chosen by the server (never a path built from user input).
    cheminVideo: text('chemin_video'),
    cheminPdf: text('chemin_pdf'),
  },
  (t) => [index('propositions_customer_idx').on(t.customerId)],
);

export const videoAccessTokens = pgTable('video_access_tokens', {
  id: serial('id').primaryKey(),
  propositionId: integer('proposition_id')
    .notNull()
    .unique()
    .references(() => propositions.propositionId, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  viewCount: integer('view_count').notNull().default(0),
  createdAt: createdAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId),
    nomCategorie: text('nom_categorie').notNull(),
    idCategorieMere: integer('id_categorie_mere').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('categories_entreprise_idx').on(t.entrepriseId), index('categories_parent_idx').on(t.idCategorieMere)],
);

/** A product group: the product of the catalogue, and the "product" the analytics dashboard reports on. */
export const groupeModels = pgTable(
  'groupe_models',
  {
    idGroupeModel: serial('id_groupe_model').primaryKey(),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId),
    nomGroupeModel: text('nom_groupe_model').notNull(),
    idCategorie: integer('id_categorie').references(() => categories.id, { onDelete: 'set null' }),
    refPrimaire: text('ref_primaire'),
    refSecondaire: text('ref_secondaire'),
    specification: text('specification'),
    placement: text('placement'),
    prixCatalogue: numeric('prix_catalogue', { precision: 12, scale: 2 }),
    cheminImageGroupe: jsonb('chemin_image_groupe')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    icone: text('icone'),
    chemin3d: text('chemin_3d'),
    cheminPdf: text('chemin_pdf'),
    ficheCote: text('fiche_cote'),
    /**
     * The format of chemin_3d, read from its content at upload (glb, gltf, stl, fbx, step): the viewer's
     * GET /api/viewer/{key} reads it instead of the file. Null with a chemin_3d only for rows stored before
     * migration 0008, until the start-up backfill (server/files/modelBackfill.ts) sniffs them.
     */
    modelFormat: text('model_format'),
    /** The GLB converted from an STL chemin_3d at upload (a stored key of its own), which the viewer serves. */
    viewerModel: text('viewer_model'),
    /** Why a stored STL could not be converted (French, shown to the company); null when converted or none. */
    modelError: text('model_error'),
    /** The uploaded 3D file's size in bytes (the catalogue shows it beside the viewer's). */
    modelBytes: integer('model_bytes'),
    /** The size of what the viewer serves: the light GLB (viewer_model) or, without one, chemin_3d. */
    viewerModelBytes: integer('viewer_model_bytes'),
    /**
     * SHA-256 (hex) of what the viewer serves, its content address: GET /api/viewer/{key} names the model
     * /api/viewer/{key}/model/{first 16 hex}.glb, cached for a year. Null for rows stored before
     * migration 0009: their model keeps the uncached URL.
     */
    viewerModelHash: text('viewer_model_hash'),
    /**
     * The viewer's poster made at upload from the first image (WebP, 1024 px at most on its longest side; a
     * stored key of its own, server/catalogue/viewerPoster.ts). Null: none made (rows stored before, a failed
     * or useless resize), and the viewer shows the first image itself.
     */
    viewerPoster: text('viewer_poster'),
    /**
     * The product's public viewer key (/viewer/{publicKey}, POST /api/collect): random and unguessable,
     * drawn by the database for every writer (122 random bits of gen_random_uuid, built in since
     * PostgreSQL 13, so PGlite and PostgreSQL alike, and existing rows get one each when the column is added).
     */
    publicKey: text('public_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (t) => [
    index('groupe_models_entreprise_idx').on(t.entrepriseId),
    uniqueIndex('groupe_models_public_key_unique').on(t.publicKey),
  ],
);

export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    idGroupeModel: integer('id_groupe_model')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    icone: text('icone'),
    model3d: text('model3d'),
    specification: text('specification'),
    prixCatalogue: numeric('prix_catalogue', { precision: 12, scale: 2 }),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('models_groupe_idx').on(t.idGroupeModel)],
);

export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    idGroupeModel: integer('id_groupe_model')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    idModel: integer('id_model').references(() => models.id, { onDelete: 'cascade' }),
    typeOption: text('type_option').notNull(),
    nomGroupe: text('nom_groupe').notNull(),
    nom: text('nom'),
    cheminIconeGroupe: text('chemin_icone_groupe'),
    cheminIcone: text('chemin_icone'),
    chemin3d: text('chemin_3d'),
    colorTag: text('color_tag'),
    toggle: jsonb('toggle').$type<{ left: string; right: string } | null>(),
    liste: jsonb('liste').$type<string[] | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('options_groupe_idx').on(t.idGroupeModel)],
);

export const sousOptions = pgTable(
  'sous_options',
  {
    id: serial('id').primaryKey(),
    idGroupeModel: integer('id_groupe_model')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    idModel: integer('id_model').references(() => models.id, { onDelete: 'cascade' }),
    sousNom: text('sous_nom').notNull(),
    sousIcone: text('sous_icone'),
    tailles: text('tailles'),
    createdAt: createdAt(),
  },
  (t) => [index('sous_options_groupe_idx').on(t.idGroupeModel)],
);

export const couleurs = pgTable(
  'couleurs',
  {
    id: serial('id').primaryKey(),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId),
    idGroupeModel: integer('id_groupe_model').references(() => groupeModels.idGroupeModel, { onDelete: 'set null' }),
    nuancier: text('nuancier'),
    nomCouleur: text('nom_couleur').notNull(),
    description: text('description'),
    valeur: text('valeur'),
    createdAt: createdAt(),
  },
  (t) => [index('couleurs_entreprise_idx').on(t.entrepriseId)],
);

/**
 * The company-wide number of each visitor session string: 0, 1, 2... in order of first appearance within
 * the company, never renumbered. Events carry it (product_events.session_no), so the events answer sends
 * numbers the dashboard's worker counts with bit arrays, without a string to look up. Numbers are per
 * company, so they only tell a company about its own volume.
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId, { onDelete: 'cascade' }),
    userSessionId: text('user_session_id').notNull(),
    sessionNo: integer('session_no').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entrepriseId, t.userSessionId] }),
    uniqueIndex('analytics_sessions_no_unique').on(t.entrepriseId, t.sessionNo),
  ],
);

/** One visitor event on a product's 3D/AR viewer. */
export const productEvents = pgTable(
  'product_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    produitId: integer('produit_id')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    timestamp: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    userSessionId: text('user_session_id').notNull(),
    /**
     * analytics_sessions' number of user_session_id in the product's company. Set by a trigger of the
     * database (migration 0002), for every writer: inserted as NULL (the default here), it is numbered.
     */
    sessionNo: integer('session_no')
      .notNull()
      .$defaultFn(() => sql`null`),
    consultation: boolean('consultation').notNull().default(false),
    iframeInteraction: boolean('iframe_interaction').notNull().default(false),
    arTry: boolean('ar_try').notNull().default(false),
    conversion: boolean('conversion').notNull().default(false),
    country: text('country'),
    /** analytics_countries' number of the country ('' when missing) in the company; set like session_no. */
    countryNo: integer('country_no')
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The time in ms since the epoch, truncated as the list's text: what the answer in columns sends. */
    tsMs: bigint('ts_ms', { mode: 'number' }).generatedAlwaysAs(
      sql`floor(extract(epoch from ("ts" at time zone 'UTC')) * 1000)::bigint`,
    ),
    /** consultation 1 | iframe 2 | AR 4 | conversion 8: what the answer in columns sends. */
    flags: smallint('flags').generatedAlwaysAs(
      sql`("consultation"::int + 2 * "iframe_interaction"::int + 4 * "ar_try"::int + 8 * "conversion"::int)::smallint`,
    ),
  },
  // (produit, ts, id) for the events in the answers' order; the migration makes it covering (INCLUDE of
  // the columns the answer in columns reads, which Drizzle cannot declare), so that answer is an index-only
  // scan.
  //
  // Partitioned by month of ts (migration 0012, server/analytics/retention.ts): a partition's key must be
  // part of the primary key, hence (id, ts); ids still come from the one sequence, unique by themselves.
  (t) => [
    primaryKey({ columns: [t.id, t.timestamp] }),
    index('product_events_produit_ts_idx').on(t.produitId, t.timestamp, t.id),
  ],
);

/**
 * The company-wide number of each country an event names ('' for none), numbered like analyticsSessions,
 * so the answer in columns sends numbers and the company's short dictionary.
 */
export const analyticsCountries = pgTable(
  'analytics_countries',
  {
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    countryNo: integer('country_no').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entrepriseId, t.country] }),
    uniqueIndex('analytics_countries_no_unique').on(t.entrepriseId, t.countryNo),
  ],
);

/**
 * The version of a product's events, renewed by the database (statement triggers, migration 0003) whenever
 * any of them is added, changed or removed: the events route's ETag, read by key.
 */
export const productEventVersions = pgTable('product_event_versions', {
  produitId: integer('produit_id')
    .primaryKey()
    .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Bytes as PostgreSQL's bytea (Buffer on both drivers). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A product's events answer as our dashboard's worker asks for it (binary columns, gzip), built when its
 * events are written, or at its first read, for the version it tells (server/analytics/storedAnswers.ts):
 * a server that starts, or another server of the same database, sends it without building it. An answer of
 * an older version than product_event_versions' is never sent (rebuilt instead). Stored out of line, not
 * compressed again (migration 0007).
 */
export const productEventAnswers = pgTable('product_event_answers', {
  produitId: integer('produit_id')
    .primaryKey()
    .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  body: bytea('body').notNull(),
});

/**
 * A product's answer in columns as the text of its four arrays (comma-separated numbers), kept by the
 * database in chunks: each statement adding events appends to the product's last chunk while it is small,
 * or starts a new one (so an append rewrites a bounded text); events changed or removed rebuild the
 * product's chunks (migration 0004).
 */
export const productEventColumns = pgTable(
  'product_event_columns',
  {
    chunkId: bigserial('chunk_id', { mode: 'number' }).primaryKey(),
    produitId: integer('produit_id')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    events: integer('events').notNull(),
    time: text('time').notNull(),
    session: text('session').notNull(),
    flags: text('flags').notNull(),
    country: text('country').notNull(),
  },
  (t) => [index('product_event_columns_produit_idx').on(t.produitId, t.chunkId)],
);

/**
 * One viewer visit of a product and what it told beyond its events (domain/visitSignals.ts, docs/viewer.md
 * "Visit signals"): one row per (product, visit's session id), written by POST /api/collect with each batch
 * that carries the visit's signals (their totals: each number keeps the larger of the stored and the sent).
 * The device class and system come from the request's agent at the first write; the agent is not stored.
 * The company's session number is read at query time (analytics_sessions), like the events' join.
 */
export const productVisits = pgTable(
  'product_visits',
  {
    produitId: integer('produit_id')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    userSessionId: text('user_session_id').notNull(),
    /** The visit's first write (server clock): retention and the dashboard's period use it. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Index + 1 in DEVICE_CLASSES, 0 unknown. */
    device: smallint('device').notNull().default(0),
    /** Index + 1 in SYSTEMS, 0 another or unknown. */
    system: smallint('system').notNull().default(0),
    sourceHost: text('source_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    visibleMs: integer('visible_ms').notNull().default(0),
    activeMs: integer('active_ms').notNull().default(0),
    firstInteractionMs: integer('first_interaction_ms'),
    /** Dwell in ms per attention bucket (ATTENTION_BUCKETS entries, index = bucket). */
    attention: integer('attention')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Index + 1 in AR_PLATFORMS of the platform last launched, 0 none. */
    arPlatform: smallint('ar_platform').notNull().default(0),
    arLaunches: smallint('ar_launches').notNull().default(0),
    arPlaced: smallint('ar_placed').notNull().default(0),
    arFailed: smallint('ar_failed').notNull().default(0),
    arReturned: smallint('ar_returned').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.produitId, t.userSessionId] }),
    index('product_visits_produit_started_idx').on(t.produitId, t.startedAt),
  ],
);

/** The ordered steps of the user journey, each tied to the event flag that marks it. */
export const userJourneySteps = pgTable('user_journey_steps', {
  stepOrder: smallint('step_order').primaryKey(),
  stepName: text('step_name').notNull().unique(),
  eventFlag: text('event_flag').notNull(),
});

/**
 * A dated note on the dashboard's time chart ("Nouveau modèle 3D"), for the company or one of its products
 * (domain/annotation.ts). `jour` is a day of the company's calendar, like the chart's buckets.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: serial('id').primaryKey(),
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprises.entrepriseId, { onDelete: 'cascade' }),
    idGroupeModel: integer('id_groupe_model').references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    jour: date('jour', { mode: 'string' }).notNull(),
    texte: text('texte').notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('annotations_entreprise_jour_idx').on(t.entrepriseId, t.jour)],
);

/**
 * What a user asked to receive by mail (docs/notifications.md): the weekly report, the alerts. No row means
 * neither; the "Mes notifications" screen writes it (PUT /api/Notifications/subscriptions), an unsubscribe
 * link turns one off without signing in.
 */
export const notificationSubscriptions = pgTable('notification_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  weeklyReport: boolean('weekly_report').notNull().default(false),
  alerts: boolean('alerts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One mail to send, written before it is sent (server/notifications/outbox.ts). The unique key (user, kind,
 * period or product and day) makes enqueueing idempotent, so N instances or a restart never send twice;
 * sent_at marks it done, attempts and next_attempt_at pace the retries of a failed send.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** 'weekly_report' | 'alert_collection_stopped' | 'alert_traffic_drop'. */
    kind: text('kind').notNull(),
    /** The week's Monday (YYYY-MM-DD) of a report; "<product id>:<day>" of an alert. */
    periodKey: text('period_key').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The unsubscribe URL of this mail (its List-Unsubscribe header). */
    unsubscribeUrl: text('unsubscribe_url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_unique').on(t.userId, t.kind, t.periodKey),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);

/**
 * An alert raised for a product, at most once per day (in the company's zone) per product and kind,
 * whoever receives it (server/notifications/alerts.ts).
 */
export const alertsSent = pgTable(
  'alerts_sent',
  {
    produitId: integer('produit_id')
      .notNull()
      .references(() => groupeModels.idGroupeModel, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.produitId, t.kind, t.day] })],
);
