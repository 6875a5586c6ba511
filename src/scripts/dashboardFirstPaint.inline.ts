/**
 * The dashboard's first paint (issue 25; docs/decisions.md, "A dashboard as fast as the site"): an
 * inline script in the head of the dashboard's page (src/pages/my-dashboard/[...screen].astro),
 * bundled and hashed for the CSP at build (src/plugins/inlineScripts.ts). It runs as the page is
 * read, before React:
 *
 * 1. With a session in this tab (the specification's keys in session storage), it asks for the profile
 *    at once and leaves the request for the island (state/firstProfile.ts), which takes it: one
 *    request, not two. Without one it does nothing: the island asks another tab or goes to sign-in.
 * 2. When the tab knows the screen's last figures (state/lastFigures.ts: kept by the island from its
 *    last answer, under this token, today), it draws them as soon as the page's frame has been read,
 *    before the first paint, and asks once they are painted (a frame later). The fresh answer wins:
 *    the same figures are left untouched, others replace them where they stand, and a failure, a dead
 *    session or nothing to draw removes them (the frame says "Loading your dashboard…" again): nothing
 *    stale stays on screen.
 * 3. Without known figures, the fresh answer's are drawn when it comes. What is drawn is the screen's
 *    largest content (the loan home's dues and Pay Now; repayment's dues and which figure to pay, text
 *    only; loan history's cards) as plain DOM in the island's own classes, where the island will draw
 *    it, in the screens' own words (dashboardFirstPaintDraw.ts, state/firstPaintView.ts). Anything
 *    else (another screen, no active loan) draws nothing, and the island shows what it shows today.
 * 4. The island's code starts loading once the fresh answer is on screen (or failed, or after
 *    HOLD_MS), so React does not share the network and the main thread with the first paint, as
 *    client:afterpaint does for the public pages' islands. The island replaces the frame in one go
 *    with the same figures (Dashboard.tsx waits for the screen's code before its first draw).
 * 5. On every dashboard page, the island loads the screens' CSS beside its code (the page keeps inline
 *    only what the first paint draws with: src/plugins/dashboardCss.ts) and draws once both are there.
 *
 * It runs in the head, so the request leaves before the body is read, and draws once the body is
 * there. What the page tells it, on this script's element: data-screen (the screen's component),
 * data-profile (getProfile's address, on the screens that open on it), data-repayment (Pay Now's
 * address), data-classes (the CSS modules' class names) and data-css (the screens' CSS, set by the build).
 */

import { leaveFirstLeads, leaveFirstProfile } from '../islands/Dashboard/state/firstProfile.ts';
import {
  type LastFigures,
  type LeadFigures,
  leadsSource,
  loanSource,
  type ProfileFigures,
  readLastFigures,
} from '../islands/Dashboard/state/lastFigures.ts';
import { HEADERS } from '../lib/api/paths.ts';
import { SESSION_KEYS } from '../lib/session.ts';
import { draw, type Figures } from './dashboardFirstPaintDraw.ts';

/** The longest the island's code waits for the first paint's answer before it loads anyway. */
const HOLD_MS = 1000;
/** The screens whose first content is drawn here; the others only have their first request made early. */
const DRAWN = ['LoanHome', 'Repayment', 'Leads'];

type Only = (load: () => Promise<() => Promise<void>>, options: unknown, element: Element) => Promise<void>;

const script = document.currentScript as HTMLScriptElement | null;

/**
 * The words drawn from a fresh answer, evaluated when first needed (it builds the number and date
 * formats): bundled in, not a request. Known figures are already words: drawing them builds none.
 */
let building: Promise<typeof import('../islands/Dashboard/state/firstPaintView.ts')> | undefined;
const builder = () => {
  building ??= import('../islands/Dashboard/state/firstPaintView.ts');
  return building;
};

/**
 * Runs `then` once the page's body has been read: as the parser finishes (the first readyState change,
 * to "interactive"), before the first paint that follows it, not at DOMContentLoaded, which waits for
 * the module scripts.
 */
const whenRead = (then: () => void) => {
  if (document.readyState === 'loading') document.addEventListener('readystatechange', then, { once: true });
  else then();
};

/** Settles once the frame drawn so far has been painted: a frame callback runs before it, a task it queues after. */
const painted = () =>
  new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))));

/** The longest the island waits for the screens' CSS (it loads beside the island's code, which is larger). */
const CSS_WAIT_MS = 30_000;

/**
 * The screens' CSS the page's inline style left out (src/plugins/dashboardCss.ts): linked once the
 * island may load, beside its code; settles once it has loaded (or failed, or after CSS_WAIT_MS), so
 * the island never draws a screen before its styles. None named (the development server): settles at once.
 */
function screensCss(href: string | undefined): Promise<unknown> {
  if (!href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((done) => {
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, CSS_WAIT_MS);
  });
  document.head.append(link);
  return loaded;
}

/**
 * The island (client:only) starts through Astro's `only` directive, which the body defines later:
 * the directive set here waits for `held` first, then loads the island's code and the screens' CSS
 * together and lets it draw once both are there. Were the directive ever set another way, nothing
 * waits: the page is only slower to paint, or its screens briefly unstyled, never wrong.
 */
function holdIsland(held: Promise<unknown>, css: string | undefined) {
  const global = self as unknown as { Astro?: { only?: Only } };
  const astro = global.Astro ?? {};
  global.Astro = astro;
  let only: Only | undefined;
  Object.defineProperty(astro, 'only', {
    configurable: true,
    enumerable: true,
    get: () => only,
    set: (directive: Only) => {
      only = (load, options, island) =>
        held.then(() => {
          const styles = screensCss(css);
          return directive(() => Promise.all([load(), styles]).then(([hydrate]) => hydrate), options, island);
        });
    },
  });
}

/** The request the island's client would make (src/lib/api/client.ts): JSON, the token's header; its answer parsed. */
function request(path: string, token: string, body: object, after: Promise<void>): Promise<unknown> {
  return after
    .then(() =>
      fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [HEADERS.token]: token },
        body: JSON.stringify(body),
      }),
    )
    .then((response) => response.json() as Promise<unknown>);
}

/** The longest the fresh request waits for the known figures' paint (a background tab paints no frames). */
const KNOWN_PAINT_WAIT_MS = 250;

/** Settles once the browser reports the page's first contentful paint as shown (its presentation, not its task). */
const shown = () =>
  new Promise<void>((done) => {
    try {
      const seen = new PerformanceObserver(() => {
        seen.disconnect();
        done();
      });
      seen.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });

/**
 * Draws the tab's last known figures as soon as the frame has been read; settles once they have been
 * painted (KNOWN_PAINT_WAIT_MS at most), or at once when there was nothing to draw. The fresh request
 * leaves then: a frame later, it never competes with the first paint, nor does its answer, come first
 * on a busy phone, hold that paint back.
 */
function drawKnown(known: Figures | null, config: DOMStringMap, eligible: boolean): Promise<void> {
  if (!known || !DRAWN.includes(config.screen ?? '')) return Promise.resolve();
  return new Promise((done) => {
    whenRead(() => {
      if (drawSafely(known, config, eligible) !== 'drawn') return done();
      Promise.all([painted(), shown()]).then(() => done());
      setTimeout(done, KNOWN_PAINT_WAIT_MS);
    });
  });
}

/**
 * Makes the screen's first request when the tab has a session: getProfile on the screens that open on
 * it; getLeadList on loan history, at once when the tab holds the PAN it names, else after the
 * profile that gives it. Leaves each for the island (state/firstProfile.ts); the answer to draw from.
 */
function askFirst(
  config: DOMStringMap,
): { answer: Promise<unknown>; eligible: boolean; known: LastFigures | null } | undefined {
  let token: string | null = null;
  let profileId: string | null = null;
  let eligible = false;
  let pan: string | null = null;
  let known: LastFigures | null = null;
  try {
    token = sessionStorage.getItem(SESSION_KEYS.token);
    profileId = sessionStorage.getItem(SESSION_KEYS.profileId);
    eligible = sessionStorage.getItem(SESSION_KEYS.eligibility) === '1';
    pan = sessionStorage.getItem(SESSION_KEYS.pancard);
    known = readLastFigures(sessionStorage.getItem(SESSION_KEYS.lastFigures), token, Date.now());
  } catch {
    // Storage refused: the island finds no session either and goes to sign-in.
  }
  if (!token) return undefined;
  const after = drawKnown(known, config, eligible);
  const id = profileId ? { profile_id: profileId } : {};
  const leads = config.screen === 'Leads' ? config.leads : undefined;
  // getLeadList names the customer's PAN (dashboard.md): the tab's, else the profile's, asked first.
  if (leads && pan) {
    const first = settle({ token, answer: request(leads, token, { ...id, pancard: pan }, after) });
    leaveFirstLeads(first);
    return { answer: first.answer, eligible, known };
  }
  if (!config.profile) return undefined;
  const profile = settle({ token, answer: request(config.profile, token, id, after) });
  leaveFirstProfile(profile);
  if (!leads) return { answer: profile.answer, eligible, known };
  // Without the PAN the profile's answer gives it; without that answer the island asks as it always did.
  const answer = profile.answer.then((value) => {
    const pancard = (value as { Status?: number; Data?: { profile_details?: { pancard?: string } } }).Data
      ?.profile_details?.pancard;
    if ((value as { Status?: number }).Status !== 1 || !pancard) throw new Error('no PAN');
    const first = settle({ token, answer: request(leads, token, { ...id, pancard }, Promise.resolve()) });
    leaveFirstLeads(first);
    return first.answer;
  });
  return { answer, eligible, known };
}

type First = Parameters<typeof leaveFirstProfile>[0];
/** Keeps the request's answer on it once it has come (the island starts from an answer already there). */
function settle(first: First): First {
  first.answer.then(
    (value) => {
      first.settled = value;
    },
    () => undefined,
  );
  return first;
}

/**
 * What a fresh answer gives the screen to draw: loan history its cards, the others the active loan;
 * null when it failed. An answer with the fields the known figures were drawn from gives those
 * figures back as they are, without building the formats (nothing is drawn again).
 */
async function freshFigures(
  value: unknown,
  screen: string | undefined,
  known: LastFigures | null,
): Promise<Figures | null> {
  const answer = value as { Status?: number; Data?: ProfileFigures & { lead_list?: LeadFigures[] } } | null;
  if (answer?.Status !== 1) return null;
  if (screen === 'Leads') {
    if (known?.leads && known.from?.leads === leadsSource(answer.Data?.lead_list)) return { leads: known.leads };
    return { leads: (await builder()).leadsView(answer.Data?.lead_list) };
  }
  if (known?.loan && known.from?.loan === loanSource(answer.Data)) return { loan: known.loan };
  return { loan: (await builder()).loanView(answer.Data) };
}

/** Draws; should the figures be malformed (storage the tab's own code did not write), draws nothing and leaves the page as it is. */
function drawSafely(...args: Parameters<typeof draw>): ReturnType<typeof draw> {
  try {
    return draw(...args);
  } catch {
    return 'none';
  }
}

(() => {
  const config = script?.dataset ?? {};
  const asked = askFirst(config);
  // Only a screen the first paint draws holds the island back; the others load it alongside the request.
  if (!asked || !DRAWN.includes(config.screen ?? '')) {
    holdIsland(Promise.resolve(), config.css);
    return;
  }
  const { answer, eligible, known } = asked;
  // The formats are built while the answer is on its way, once the frame has painted; not when the tab
  // knows the figures, whose fresh answer usually draws nothing new (built then only if it does).
  if (!known) whenRead(() => painted().then(builder));

  // The fresh answer wins: drawn (or left, when the same), or, failed, nothing stays.
  const fresh = answer.then((value) => freshFigures(value, config.screen, known)).catch(() => null);
  const drawn = fresh.then(
    (figures) =>
      new Promise<void>((done) => {
        whenRead(() => {
          (drawSafely(figures, config, eligible) === 'drawn' ? painted() : Promise.resolve()).then(done);
        });
      }),
  );
  holdIsland(Promise.race([drawn, new Promise((done) => setTimeout(done, HOLD_MS))]), config.css);
})();
