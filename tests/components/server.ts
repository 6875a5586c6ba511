/**
 * A dashboard screen drawn alone with a signed-in customer and the API's answers by path: envelopes as
 * the server writes them (src/server/http/respond.ts: ok() and failure()), each success's `Data`
 * parsed by its route's answer schema (src/lib/schemas/answers), so an answer here cannot drift from
 * the server's. The screen's own code (callApi, dashboardCall, the session store) runs unchanged; only
 * the network is the test's (serveApi), and every request the screen sends is kept.
 */
import { type ComponentType, createElement, Fragment, type ReactElement } from 'react';
import * as v from 'valibot';
import { Alerts } from '../../src/islands/Dashboard/components/Alerts.tsx';
import type { ScreenProps } from '../../src/islands/Dashboard/navigation/screenProps.ts';
import { routeOf } from '../../src/islands/Dashboard/navigation/screens.ts';
import { $session, updateSession } from '../../src/islands/Dashboard/state/sessionStore.ts';
import { STATUS } from '../../src/lib/api/envelope.ts';
import type { ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import { clearSession } from '../../src/lib/session.ts';
import { type Api, type ApiReply, serveApi } from './draw.tsx';

type Json = Record<string, unknown>;
export type Answerer = (body: Json) => ApiReply | Promise<ApiReply>;

/** A success as ok() writes it, its data checked against the route's answer schema. */
export function served<S extends v.GenericSchema>(schema: S, data: v.InferInput<S>, message = 'Success'): ApiReply {
  return { status: 200, body: { Status: STATUS.ok, Message: message, Data: v.parse(schema, data) } };
}

/** A refusal as failure() writes it: the message to show and the machine-readable reason. */
export function refused(status: number, message: string, error: string): ApiReply {
  return { status, body: { Status: STATUS.failed, Message: message, Data: {}, error } };
}

export interface Server extends Api {
  /** The JSON bodies sent to one path, oldest first. */
  bodiesTo(path: string): Json[];
  /** The browser's own fetch again, and the customer signed out. */
  restore(): void;
}

/**
 * Answers the API paths given (serveApi in ./draw.tsx), and signs a customer in (the session keys
 * sign-in stores), as the dashboard's screens are only for a signed-in customer. A path not given
 * fails as the network does, so a screen asking for something the test did not expect shows it.
 */
export function serve(routes: Record<string, Answerer>): Server {
  updateSession({ token: 'component-test-token', profileId: '1001', mobile: '9876543210' });
  const api = serveApi(({ path, body }) => routes[path]?.(body) ?? 'offline');
  return {
    ...api,
    bodiesTo: (path) => api.sent(path).map((request) => request.body),
    // Signed out again: the tab's session storage is shared by the test files' frames.
    restore() {
      api.restore();
      clearSession();
      $session.set({});
    },
  };
}

/**
 * getProfile's Data for an eligible new customer whose registration is done and whose application
 * (lead 101) has come to `nextStep`, as the server builds it (src/server/profile/routes.ts).
 */
export function applicantProfile(nextStep: string, percent: number): v.InferInput<typeof ProfileAnswer> {
  return {
    full_name: 'ASHA VERMA',
    profile_pic: '',
    profile_filled_percent: 100,
    application_filled_percent: percent,
    registration_successful: 1,
    eligibility_status: 1,
    eligibility_reason: '',
    eligibility_reasons: [],
    next_event_name: nextStep,
    active_loan_details: null,
    profile_details: {
      first_name: 'Asha',
      full_name: 'ASHA VERMA',
      dob: '1992-04-18',
      marital_status_id: 1,
      spouse_name: '',
      personal_email: 'asha@example.com',
      gender: 2,
      pancard: 'ABCPV1234K',
      residence_address_1: '12 Rose Apartments',
      residence_address_2: 'Sector 14',
      residence_landmark: '',
      residence_pincode: '122001',
      residence_city: 'Gurugram',
      residence_state: 'Haryana',
      residence_type_id: 1,
      income_type_id: 1,
      salary_mode_id: 1,
      salary_date: '1',
      monthly_income: 65_000,
      mobile: '9876543210',
      cp_personal_email: 'asha@example.com',
      cp_mobile: '9876543210',
    },
    customer_employment_details: null,
    excutive_details: null,
    lead_details: { status: 'applied', lead_id: 101, sent_back_reason: null },
    step_complete_percent: percent,
    step_stage: 2,
    user_type: 'NEW',
  };
}

/** A dashboard screen as the router draws it (its route, a fresh page load), with the page's alerts above it. */
export function screen(Screen: ComponentType<ScreenProps>, slug: string): ReactElement {
  const route = routeOf(slug);
  if (!route) throw new Error(`no dashboard screen ${slug}`);
  const location = { slug, search: '', state: null, cause: 'load' } as const;
  return createElement(
    Fragment,
    null,
    createElement(Alerts),
    createElement(Screen, { route, location, brand: 'Kosh Credit' }),
  );
}
