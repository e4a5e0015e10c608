// What every route plugin receives: the database, the token service, storage and settings.
import type { FastifyPluginAsync } from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { StoredAnswers } from './analytics/storedAnswers';
import type { LimiterFactory } from './auth/limiters';
import type { LoginThrottle } from './auth/loginThrottle';
import type { TokenService } from './auth/tokens';
import type { VerificationGate } from './auth/verificationGate';
import type { VisitTokens } from './collect/visitTokens';
import type { Db } from './db/client';
import type { ModelConversions } from './files/modelConversions';
import type { FileStorage } from './files/storage';
import type { UnsubscribeTokens } from './notifications/unsubscribeTokens';

export interface Deps {
  db: Db;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Bounds the password verifications running at once (server/auth/verificationGate.ts). */
  verifications: VerificationGate;
  /** Builds rate limiters on the configured store (sign-in today, public endpoints' limits next). */
  limiters: LimiterFactory;
  /** Uploaded and generated files (PDF quotes, videos, catalogue files): on disk or in an S3 bucket. */
  files: FileStorage;
  /** The server's queue of 3D model conversions, run in worker threads (server/files/modelConversions.ts). */
  conversions: ModelConversions;
  /** The events answers stored in the database, built after writes (analytics/storedAnswers.ts). */
  answers: StoredAnswers;
  /** The public viewer's visit tokens, issued with its data and required by POST /api/collect. */
  visits: VisitTokens;
  /** A key for one purpose, derived from the server's secret: the same on every instance and restart. */
  secretFor: (purpose: string) => Buffer;
  /** The mailed reports and alerts: whether SMTP_URL is set, the unsubscribe links' tokens (docs/notifications.md). */
  notifications: { sendingEnabled: boolean; tokens: UnsubscribeTokens };
  /** Days a generated video share link stays valid. */
  shareLinkDays: number;
  /** EVENTS_RETENTION_MONTHS (server/analytics/retention.ts). */
  eventsRetentionMonths: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route plugin: one per resource of the API (docs/api.md). */
export type RoutePlugin = FastifyPluginAsync<Deps, RawServerDefault, ZodTypeProvider>;
