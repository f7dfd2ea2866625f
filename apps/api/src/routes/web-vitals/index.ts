import {
  WEB_VITALS_MAX_BODY_BYTES,
  WEB_VITALS_REPORTS_PER_MINUTE,
  webVitalsReportSchema,
} from '@hackclass/contracts';
import { addressBucket } from '@hackclass/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordWebVitals } from '../../web-vitals/record-web-vitals';

/** Per client address, signed in or not: browsers send the report without the ID token. */
const reporterKey = (request: FastifyRequest) => `web-vitals:${addressBucket(request.ip)}`;

export const webVitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/web-vitals',
    {
      bodyLimit: WEB_VITALS_MAX_BODY_BYTES,
      config: {
        access: 'public',
        // Sent as a page closes, from public pages too, when no token can be fetched first. A
        // forged report changes no one's data: it adds one anonymous sample, as any client
        // could by calling this route itself. A cross-site page cannot send it (a JSON body
        // asks for a CORS preflight, which this API never grants).
        antiforgery: false,
        rateLimit: {
          max: WEB_VITALS_REPORTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: reporterKey,
        },
      },
      schema: {
        tags: ['web-vitals'],
        summary: "Record a page view's Core Web Vitals, as the web app measured them",
        description:
          'Anyone, signed in or not, once per page view. The page is its route pattern. ' +
          'Times are milliseconds; each measure is clamped to a sane range. ' +
          `At most ${WEB_VITALS_REPORTS_PER_MINUTE} reports a minute per client address, ` +
          `bodies of ${WEB_VITALS_MAX_BODY_BYTES} bytes.`,
        body: webVitalsReportSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      recordWebVitals(app.metrics.webVitals, request.body);
      return reply.code(204).send(null);
    },
  );
};
