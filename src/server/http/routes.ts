/**
 * One description per route, used twice: to mount the route on the app and to write the OpenAPI
 * document, so the two cannot drift apart.
 */
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../app/context.ts';
import type { Config } from '../config/config.ts';
import type { StaffRole } from '../staff/roles.ts';
import { readJson, validate } from './body.ts';
import { admit, type BodyRules, type Credential } from './gate.ts';
import { requireAuth } from './middleware.ts';
import type { Answer } from './respond.ts';

/**
 * `A` is the route's answer schema (the envelope's `Data` on success): a handler of a route that
 * declares one must return `ok()` with exactly that shape (./respond.ts), so a wrong field does not
 * build. Undefined for answers that are not the envelope (`fileResponse`, `plainAnswer`).
 */
export interface RouteSpec<
  S extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  method: 'get' | 'post';
  path: string;
  /** The specification's name for the call where it gives one (getDashboardData, saveleadDetails, …). */
  operationId: string;
  summary: string;
  tag: string;
  auth: 'none' | 'client' | 'session' | 'staff';
  /** Staff routes: the roles that may call it (any one of them); checked before the body is read. */
  roles?: readonly StaffRole[];
  /**
   * What the caller shows before the body is read (./gate.ts), where `auth` cannot say it: the
   * shared endpoint's events check their own after reading it, the payment calls take a repay
   * session too. By default `auth`.
   */
  credential?: Credential;
  /** 'upload': the body carries files (base64 in JSON): the upload limit and deadline, for a live session. */
  bodyLimit?: 'upload';
  /** JSON body; validated before the handler runs unless `ownValidation` is set. */
  body?: S;
  /** The handler receives the parsed JSON object and validates it itself (the shared endpoint). */
  ownValidation?: boolean;
  /** Query parameters, documented (the handler reads them). */
  query?: Record<string, { description: string; required?: boolean }>;
  /** The shape of `Data` on success (src/lib/schemas/answers): types the handler, documents it, checked by the API tests. */
  answer?: A;
  /** Keys a success carries beside the envelope's (getProfile's `Steps`), for the document. */
  beside?: Record<string, v.GenericSchema>;
  /** A success that is a file, not the envelope (the statement PDFs): its media type, for the document. */
  fileResponse?: 'application/pdf';
  /**
   * A success that is not the envelope, for the document and the API tests: a provider's own format
   * (the sandboxes), this document, a development list, a script or page, a stored file, or a
   * redirect (`status` 303 or 307, no body). `schema` describes a JSON body whole.
   */
  plainAnswer?: { description: string; status?: 200 | 303 | 307; mediaType?: string; schema?: v.GenericSchema };
  /** HTTP statuses of failures besides the generic ones, for the document. */
  failures?: Record<number, string>;
  /** Not mounted at all when this returns false (development routes in production, sandboxes in live mode). */
  enabled?: (config: Config) => boolean;
  handle(c: Context<AppEnv>, body: v.InferOutput<S>): Promise<HandlerAnswer<A>> | HandlerAnswer<A>;
}

export type HandlerAnswer<A> = A extends v.GenericSchema ? Answer<v.InferOutput<A>> : Response;

export const defineRoute = <S extends v.GenericSchema, A extends v.GenericSchema | undefined = undefined>(
  spec: RouteSpec<S, A>,
): RouteSpec => spec as unknown as RouteSpec;

export function mountRoutes(app: Hono<AppEnv>, routes: RouteSpec[], bodies: BodyRules) {
  for (const route of routes) {
    app.on(route.method.toUpperCase(), route.path, async (c) => {
      await admit(c, route, bodies);
      await requireAuth(c, route.auth);
      const json = route.body ? await readJson(c) : undefined;
      const body = route.body && !route.ownValidation ? validate(route.body, json) : json;
      return route.handle(c, body);
    });
  }
}
