// buildApp(options) -> a ready-to-listen Fastify instance (tests drive it with app.inject).
// zod's own messages in French before any schema parses a request (domain/frenchErrors.ts).
import '#domain/frenchErrors';

import { createHmac } from 'node:crypto';

import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

import { StoredAnswers } from './analytics/storedAnswers';
import { routePlugins } from './areas';
import { installGuard } from './auth/guard';
import { LimiterFactory, type LimiterStore, limiterStoreFor } from './auth/limiters';
import { defaultThrottleLimits, LoginThrottle, type ThrottleLimits } from './auth/loginThrottle';
import { TokenService } from './auth/tokens';
import { defaultVerificationLimits, VerificationGate, type VerificationLimits } from './auth/verificationGate';
import { collectLimitsFromEnv } from './collect/limits';
import { createVisitTokens } from './collect/visitTokens';
import { DEFAULT_RETENTION_MONTHS } from './config';
import type { Db } from './db/client';
import { installLightTraffic } from './db/heavyLane';
import type { App, Deps } from './deps';
import { ModelConversions } from './files/modelConversions';
import { installUploadCleanup } from './files/receiveUpload';
import { FileStorage } from './files/storage';
import { installBodyTypeCheck } from './http/bodyTypes';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/errorHandler';
import { installMethodTable } from './http/methods';
import { swaggerOptions } from './http/openapi/document';
import { MAX_PARAM_LENGTH } from './http/openapi/params';
import { installReferencePage } from './http/openapi/referencePage';
import { installSecurity } from './http/security';
import {
  installSlowClientGuard,
  SLOW_CLIENT_LIMITS,
  type SlowClientLimits,
  slowClientServerOptions,
} from './http/slowClients';
import { installSpa } from './http/spa';
import { installViewer } from './http/viewer';
import { createMailer, type MailSettings } from './notifications/mailer';
import { NotificationScheduler } from './notifications/scheduler';
import { unsubscribeTokens } from './notifications/unsubscribeTokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mailed reports and alerts' job (server/notifications/scheduler.ts); tests tick it by hand. */
    notifications: NotificationScheduler;
  }
}

/** The address without its trailing slashes (a loop: `/\/+$/` backtracks quadratically, docs/security-dos.md). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

export interface AppOptions {
  db: Db;
  jwtSecret: string;
  filesDir: string;
  /** The file store; by default the local disk under filesDir (main.ts opens S3 when configured). */
  files?: FileStorage;
  shareLinkDays?: number;
  /** EVENTS_RETENTION_MONTHS; 25 by default (the purge itself runs from server/main.ts). */
  eventsRetentionMonths?: number;
  distDir?: string;
  throttle?: Partial<ThrottleLimits>;
  /** Password verifications at once and queued (docs/login-throttle.md); or a gate built by a test. */
  verifications?: Partial<VerificationLimits> | VerificationGate;
  /** Where the throttle's counters live; by default from redisUrl, else the database's pool, else memory. */
  limiterStore?: LimiterStore;
  /** REDIS_URL: counters shared through Redis (the app closes this client). */
  redisUrl?: string;
  /** Prefix of the counters' keys, so that deployments (or tests) sharing one store stay apart. */
  limiterNamespace?: string;
  /** TRUST_PROXY: whether (and which) X-Forwarded-For gives the client's address; off by default. */
  trustProxy?: boolean | number | string;
  logger?: boolean | object;
  /** Extra origins the app may call (VITE_API_BASE pointing elsewhere). */
  connectSrc?: string[];
  /** Bounds on slow clients (server/http/slowClients.ts); tests shorten them. */
  slowClients?: Partial<SlowClientLimits>;
  /** The queue of 3D model conversions (main.ts shares it with the background conversion); one of its own otherwise. */
  conversions?: ModelConversions;
  /** The mailed reports and alerts (docs/notifications.md): SMTP_URL, MAIL_FROM, PUBLIC_URL. */
  mail?: MailSettings;
  /** The notifications' clock (a test's "Monday 08:00 in Europe/Paris"); the system's by default. */
  clock?: () => Date;
  /** Whether the notifications tick every minute on their own (on by default; tests tick by hand). */
  notificationTimer?: boolean;
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<App> {
  const slowClients = { ...SLOW_CLIENT_LIMITS, ...options.slowClients };
  const app = Fastify({
    ...slowClientServerOptions(slowClients),
    logger: options.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    bodyLimit: 1024 * 1024,
    // A hop count becomes a function: Fastify's types take a boolean, a list or a function.
    trustProxy:
      typeof options.trustProxy === 'number' ? hopsTrusted(options.trustProxy) : (options.trustProxy ?? false),
    // Errors raised before any route (malformed URL, headers too large) in the API's JSON shape.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSlowClientGuard(app, slowClients);

  installSecurity(app, options.connectSrc);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits are given to request.parts(); these are the defaults (1 MiB per file unless a route says otherwise).
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 30, fields: 50 } });
  installUploadCleanup(app);
  await app.register(swagger, swaggerOptions);

  const store = options.limiterStore ?? (await limiterStoreFor(options.db, options.redisUrl));
  if (!options.limiterStore && store.kind === 'redis')
    app.addHook('onClose', async () => void (await store.client.quit()));
  const limiters = new LimiterFactory(store, options.limiterNamespace);
  const mailer = createMailer(options.mail ?? {});
  const tokens = unsubscribeTokens(createHmac('sha256', options.jwtSecret).update('v3d:unsubscribe').digest());
  const deps: Deps = {
    db: options.db,
    tokens: new TokenService(options.jwtSecret),
    limiters,
    throttle: await LoginThrottle.create(limiters, { ...defaultThrottleLimits, ...options.throttle }),
    verifications:
      options.verifications instanceof VerificationGate
        ? options.verifications
        : new VerificationGate({ ...defaultVerificationLimits(), ...options.verifications }),
    files: options.files ?? new FileStorage(options.filesDir),
    conversions: options.conversions ?? new ModelConversions(),
    shareLinkDays: options.shareLinkDays ?? 30,
    eventsRetentionMonths: options.eventsRetentionMonths ?? DEFAULT_RETENTION_MONTHS,
    secretFor: (purpose) => createHmac('sha256', options.jwtSecret).update(`v3d:${purpose}`).digest(),
    answers: new StoredAnswers(options.db, app.log),
    visits: createVisitTokens(options.jwtSecret, limiters, collectLimitsFromEnv()),
    notifications: { sendingEnabled: mailer !== null, tokens },
  };
  const scheduler = new NotificationScheduler(
    {
      db: options.db,
      tokens,
      publicUrl: withoutTrailingSlashes(options.mail?.publicUrl ?? 'http://localhost:8080'),
      log: app.log,
    },
    mailer,
    options.clock,
  );
  app.decorate('notifications', scheduler);
  if (!mailer) app.log.info({ event: 'mail.off' }, 'SMTP_URL absent : envoi des e-mails désactivé');
  // Before the database closes: a tick under way ends first.
  app.addHook('onClose', () => scheduler.stop());
  // Before the database closes (its owner closes it after the app): no build left half done.
  app.addHook('onClose', () => deps.answers.close());
  app.addHook('onClose', () => deps.conversions.close());
  installLightTraffic(app, deps.db);
  // Before the guard: a method the path does not have is a 405 whoever asks (server/http/methods.ts).
  const allowedMethods = installMethodTable(app);
  installGuard(app, deps.db, deps.tokens);
  installBodyTypeCheck(app);
  for (const plugin of routePlugins) await app.register(plugin, deps);

  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await installReferencePage(app);

  await installViewer(app, deps.db, options.distDir);
  await installSpa(app, options.distDir, allowedMethods);
  await app.ready();
  if (options.notificationTimer !== false) scheduler.start();
  return app;
}
