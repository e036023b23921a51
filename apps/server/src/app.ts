import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { z } from 'zod';
import type { AppConfig } from './config/config.js';
import type { Database, Db } from './db/client.js';
import { registerAccess } from './plugins/access.js';
import { registerSessionCache } from './plugins/auth.js';
import { registerErrors, RequestValidationError, sendError } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerHttpHygiene } from './plugins/http-hygiene.js';
import { redactUrl, serializeLoggedRequest } from './lib/redact.js';
import { registerOperlog, registerRequestClock } from './plugins/operlog.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessionActivity } from './plugins/session-activity.js';
import { registerWeb } from './plugins/web.js';
import { createPrettyLogStream } from './lib/log-format.js';
import { ListCaches } from './resources/list-caches.js';
import { createInstanceInfo, type InstanceInfo } from './lib/instance.js';
import { DEFAULT_SCHEDULER_OPTIONS, JobScheduler } from './lib/jobs/scheduler.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { menuRoutes } from './modules/menus/routes.js';
import { campusRoutes } from './modules/campuses/routes.js';
import { operlogRoutes } from './modules/operlog/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { permRoutes } from './modules/perms/routes.js';
import { deptRoutes } from './modules/depts/routes.js';
import { loginlogRoutes } from './modules/loginlog/routes.js';
import { studentRoutes } from './modules/students/routes.js';
import { teacherRoutes } from './modules/teachers/routes.js';
import { managerRoutes } from './modules/managers/routes.js';
import { roomRoutes } from './modules/rooms/routes.js';
import { termRoutes } from './modules/terms/routes.js';
import { courseRoutes } from './modules/courses/routes.js';
import { classRoutes } from './modules/classes/routes.js';
import { importRejectRoutes } from './modules/import-rejects/routes.js';
import { scheduleRoutes } from './modules/schedules/routes.js';
import { timetableRoutes } from './modules/timetable/routes.js';
import { timetablePlanRoutes } from './modules/timetable-plans/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { monitorRoutes } from './modules/monitor/routes.js';
import { regionRoutes } from './modules/regions/routes.js';
import { profileRoutes } from './modules/profiles/routes.js';
import { userCenterRoutes } from './modules/user-center/routes.js';
import { mfaRoutes } from './modules/mfa/routes.js';
import { onlineSessionRoutes } from './modules/online-sessions/routes.js';
import { createLoginRateStore } from './modules/auth/login-rate-store.js';
import { ResultCode } from '@campus/contract';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** Set when shutdown starts: new requests get 503 while in-flight ones finish. */
    isClosing: boolean;
    /** This process as the monitor and the job runs name it. */
    instance: InstanceInfo;
    /** Scheduled background jobs: modules define theirs; ticking starts once the server listens. */
    jobs: JobScheduler;
  }
}

export type App = FastifyInstance;

const parseQuery = (str: string) => qs.parse(str, { depth: 5, arrayLimit: 1000, parameterLimit: 2000 }) as Record<string, unknown>;

/** Request parts are validated (and coerced) by their zod schemas, with localised field errors. */
const validatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues, data, httpPart ?? 'body') };
  };
// Response schemas document the API; answers are built from typed rows, so plain JSON is enough.
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);
/** Fastify types these factories after Ajv's; ours take the route schema as it is. */
const ownCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * At a terminal, two JSON lines per request bury what matters (the start-up
 * banner, warnings): one short line per request, at debug (issue 24).
 */
class CompactRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }
}

/** Builds the whole app on an open database; listening is server.ts's job. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: { /** Where pretty logs go (tests); stdout otherwise. */ logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization'],
            // Feed URLs carry their secret: the logs keep the path without it.
            serializers: { req: serializeLoggedRequest },
            ...(config.logFormat === 'pretty' ? { stream: options.logStream ?? createPrettyLogStream() } : {}),
          },
    ...(config.logFormat === 'pretty' ? { logController: new CompactRequestLog() } : {}),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    routerOptions: { querystringParser: parseQuery, maxParamLength: 200 },
    ajv: undefined,
    // Our compilers (set below) from the start: Fastify then never loads Ajv and
    // fast-json-stringify, a fifth of a second of start-up for nothing.
    schemaController: { compilersFactory: ownCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('listCaches', new ListCaches());
  app.decorate('isClosing', false);
  const instance = createInstanceInfo();
  app.decorate('instance', instance);
  app.decorate(
    'jobs',
    new JobScheduler(database.db, instance, app.log, {
      ...DEFAULT_SCHEDULER_OPTIONS,
      singleOwner: database.kind === 'pglite',
      leaseMs: config.jobLeaseS * 1000,
      timezone: config.jobTimezone,
    }),
  );
  // Rows for the jobs the modules defined (a release that brings a job brings its row). A
  // database not reachable yet must not stop the app from starting: start() syncs again.
  app.addHook('onReady', async () => {
    await app.jobs.syncDefinitions().catch((err: unknown) => app.log.warn({ err }, 'scheduled jobs not synced yet'));
  });
  // In the background once listening: start-up (and the first health check) never waits on a job.
  app.addHook('onListen', async () => {
    app.jobs.start().catch((err: unknown) => app.log.error({ err }, 'job scheduler did not start'));
  });
  app.addHook('preClose', async () => {
    await app.jobs.stop();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrors(app);
  registerMetrics(app);
  app.addHook('onRequest', async (request, reply) => {
    if (app.isClosing) {
      reply.header('connection', 'close');
      return sendError(request, reply, 503, ResultCode.unavailable, 'http.unavailable');
    }
  });
  registerRequestClock(app);
  registerSessionCache(app);
  registerAccess(app);
  registerSessionActivity(app);
  registerOperlog(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS by setting (plugins/http-hygiene.ts): a plain-HTTP loopback answer must not pin it.
    hsts: false,
  });
  const hygiene = registerHttpHygiene(app, { hsts: config.hsts, hstsMaxAgeS: config.hstsMaxAgeS });
  await app.register(formbody, { parser: parseQuery });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  // Sign-in attempts per address, counted from the login log so every instance shares the limit.
  await app.register(rateLimit, { global: false, store: createLoginRateStore(database.db) });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(menuRoutes);
      await api.register(campusRoutes);
      await api.register(operlogRoutes);
      await api.register(userRoutes);
      await api.register(roleRoutes);
      await api.register(permRoutes);
      await api.register(deptRoutes);
      await api.register(loginlogRoutes);
      await api.register(studentRoutes);
      await api.register(teacherRoutes);
      await api.register(managerRoutes);
      await api.register(roomRoutes);
      await api.register(termRoutes);
      await api.register(scheduleRoutes);
      await api.register(timetableRoutes);
      await api.register(timetablePlanRoutes);
      await api.register(courseRoutes);
      await api.register(classRoutes);
      await api.register(importRejectRoutes);
      await api.register(reportRoutes);
      await api.register(dashboardRoutes);
      await api.register(messageRoutes);
      await api.register(noticeRoutes);
      await api.register(jobRoutes);
      await api.register(monitorRoutes);
      await api.register(regionRoutes);
      await api.register(profileRoutes);
      await api.register(userCenterRoutes);
      await api.register(mfaRoutes);
      await api.register(onlineSessionRoutes);
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.webDir, hygiene.methodsAllowed);
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
