import {
  API_ERROR_STATUS,
  type ApiErrorCode,
  PROBLEM_CONTENT_TYPE,
  problemSchema,
} from '@hackclass/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every code the route may answer with: its own and those of the hooks it passes. */
    errors?: readonly ApiErrorCode[];
  }
}

/** The codes each problem schema made by `errorResponses` stands for. */
const codesOfSchema = z.registry<{ codes: readonly ApiErrorCode[] }>();

interface ErrorResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * A route's problem answers for its `schema.response`, one per status (`{ 404: …, 409: … }`),
 * each naming its codes. The code stays any string to the serializer: a code a route does not
 * declare must not turn into a 500; the tests catch it instead.
 */
export function errorResponses(...codes: ApiErrorCode[]): Record<number, ErrorResponse> {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = API_ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, sameStatus]) => {
      const schema = problemSchema.extend({
        code: z.string().meta({ enum: sameStatus, description: 'Why the request was refused' }),
      });
      codesOfSchema.add(schema, { codes: sameStatus });
      const description = sameStatus.map((code) => `\`${code}\``).join(', ');
      return [status, { description, content: { [PROBLEM_CONTENT_TYPE]: { schema } } }];
    }),
  );
}

/** The codes of a response made by `errorResponses`, else none. */
function codesOf(response: unknown): readonly ApiErrorCode[] | undefined {
  const schema = (response as Partial<ErrorResponse>).content?.[PROBLEM_CONTENT_TYPE]?.schema;
  return schema && codesOfSchema.get(schema)?.codes;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the hooks every API route passes may answer, as the route's options say it is called. */
function commonCodesOf(route: RouteOptions): ApiErrorCode[] {
  const { schema = {}, config = {} } = route;
  const access = config.access ?? 'verified';
  // Fastify reads the body of any state change, whether the route takes one or not.
  const changes = [route.method].flat().some((method) => UNSAFE_METHODS.has(method));
  return [
    // Any bearer token sent is checked, and its user made on first sight, on public routes too.
    'invalid_token',
    'email_in_use',
    'account_disabled',
    'identity_unavailable',
    // Any request at all.
    'rate_limited',
    'internal_error',
    'database_unavailable',
    // A first sight of a token writes its user, so a read may meet a full disk too.
    'storage_full',
    // A personal API token: without the scope the method needs, or on a route only a person
    // signed in may call.
    config.apiTokens === false ? 'browser_session_required' : ('insufficient_scope' as const),
    ...(access === 'public' ? [] : (['unauthenticated'] as const)),
    ...(access === 'verified' ? (['email_not_verified'] as const) : []),
    ...(changes && config.antiforgery !== false ? (['antiforgery_failed'] as const) : []),
    ...(schema.params || schema.querystring || schema.body ? (['validation_failed'] as const) : []),
    // The router refuses a path segment past its length before the route is known.
    ...(schema.params ? (['uri_too_long'] as const) : []),
    ...(changes ? (['bad_request', 'payload_too_large', 'unsupported_media_type'] as const) : []),
  ];
}

/**
 * Completes each route's declared problem answers with those of the hooks in front of it, for
 * the OpenAPI document and for `config.errors`. Registered before the routes and the document.
 */
export const declaredErrors = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.schema || route.schema.hide) return;
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      const own = Object.values(response).flatMap((entry) => codesOf(entry) ?? []);
      const codes = [...new Set([...own, ...commonCodesOf(route)])];
      const others = Object.entries(response).filter(([, entry]) => !codesOf(entry));
      route.schema = {
        ...route.schema,
        response: { ...Object.fromEntries(others), ...errorResponses(...codes) },
      };
      route.config = { ...route.config, errors: codes };
    });
  },
  { name: 'declared-errors' },
);
