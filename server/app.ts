// buildApp(options) -> a ready-to-listen Fastify instance (tests drive it with app.inject).
import Fastify from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import { TokenService } from './auth/tokens';
import { LoginThrottle, defaultThrottleLimits, type ThrottleLimits } from './auth/loginThrottle';
import { installGuard } from './auth/guard';
import { installErrorHandler } from './http/errorHandler';
import { installSecurity } from './http/security';
import { installSpa } from './http/spa';
import { installViewer } from './http/viewer';
import { routePlugins } from './routes/index';
import { FileStorage } from './files/storage';
import type { App, Deps } from './deps';

export interface AppOptions {
  db: Db;
  jwtSecret: string;
  filesDir: string;
  shareLinkDays?: number;
  distDir?: string;
  throttle?: ThrottleLimits;
  logger?: boolean | object;
  /** Extra origins the app may call (VITE_API_BASE pointing elsewhere). */
  connectSrc?: string[];
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await installSecurity(app, options.connectSrc);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits are given to request.parts(); these are the defaults (DESIGN.md: 1 MiB otherwise).
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 30, fields: 50 } });
  await app.register(swagger, {
    openapi: { info: { title: 'API du back-office 3D/AR', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const deps: Deps = {
    db: options.db,
    tokens: new TokenService(options.jwtSecret),
    throttle: new LoginThrottle(options.throttle ?? defaultThrottleLimits),
    files: new FileStorage(options.filesDir),
    shareLinkDays: options.shareLinkDays ?? 30,
  };
  installGuard(app, deps.db, deps.tokens);
  for (const plugin of routePlugins) await app.register(plugin, deps);

  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  await installViewer(app, deps.db, options.distDir);
  await installSpa(app, options.distDir);
  await app.ready();
  return app as App;
}
