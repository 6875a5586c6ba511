/**
 * Each screen's code is its own chunk, loaded when the screen is first shown. A chunk that fails
 * to load (offline, a deploy replaced it) or takes longer than the time limit leaves a rejected
 * lazy component, which React keeps rejecting: Retry forgets it, and the next render loads the
 * chunk afresh.
 *
 * Afresh means at a new address. Some browsers keep a failed import of an address for the life of
 * the page (Chromium 147 does, 156 does not; phones keep older browsers for years), so importing
 * the same chunk again fails at once without a request. Each retry imports the chunk with
 * `?retry=N` added (the server serves the same immutable file at it). When that cannot help,
 * because the browser did not say which chunk failed or the chunk itself now answers and one of
 * its own imports is what stays failed (or a deploy replaced it), Retry reloads the page as the
 * last resort, but only once the site answers, so a customer still offline keeps the message and
 * Retry rather than the browser's error page. docs/decisions.md: "A fresh machine's test run".
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenProps } from './screenProps.ts';
import type { ScreenComponent } from './screens.ts';

/** product.md §9: the load of a script chunk is given up after 120 seconds. */
export const SCREEN_LOAD_LIMIT_MS = 120_000;

type ScreenModule = { default: ComponentType<ScreenProps> };

const IMPORTS: Record<ScreenComponent, () => Promise<ScreenModule>> = {
  RegistrationHome: () => import('../screens/RegistrationHome.tsx'),
  PanDetails: () => import('../screens/PanDetails.tsx'),
  PersonalInformation: () => import('../screens/PersonalInformation.tsx'),
  ResidenceAddress: () => import('../screens/ResidenceAddress.tsx'),
  IncomeDetails: () => import('../screens/IncomeDetails.tsx'),
  UploadPicture: () => import('../screens/UploadPicture.tsx'),
  ProfilePreview: () => import('../screens/ProfilePreview.tsx'),
  ProfileSummary: () => import('../screens/ProfileSummary.tsx'),
  LoanHome: () => import('../screens/LoanHome.tsx'),
  Kyc: () => import('../screens/Kyc.tsx'),
  UserProfile: () => import('../screens/UserProfile.tsx'),
  CalculateLoan: () => import('../screens/CalculateLoan.tsx'),
  AboutYourCompany: () => import('../screens/AboutYourCompany.tsx'),
  MandatoryDocuments: () => import('../screens/MandatoryDocuments.tsx'),
  DocumentUpload: () => import('../screens/DocumentUpload.tsx'),
  BankDetail: () => import('../screens/BankDetail.tsx'),
  Congratulations: () => import('../screens/Congratulations.tsx'),
  LeadPreview: () => import('../screens/LeadPreview.tsx'),
  Leads: () => import('../screens/Leads.tsx'),
  LeadDetails: () => import('../screens/LeadDetails.tsx'),
  Repayment: () => import('../screens/Repayment.tsx'),
  Complaints: () => import('../screens/Complaints.tsx'),
  Consents: () => import('../screens/Consents.tsx'),
};

/** The chunk did not arrive within the time limit. */
export class ScreenLoadTimeout extends Error {
  constructor(limitMs: number) {
    super(`The screen's code did not load within ${limitMs / 1000} s.`);
  }
}

/** `work`, or a ScreenLoadTimeout once `limitMs` has passed without an answer. */
export function withTimeLimit<T>(work: Promise<T>, limitMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeout(limitMs)), limitMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A screen's code once it has loaded: Retry after the screen failed while drawing imports nothing. */
const modules = new Map<ScreenComponent, ScreenModule>();
/** The last failed load of a screen's code, which the next load starts from. */
const failures = new Map<ScreenComponent, unknown>();
/** Retries so far, across screens: no retry address is used twice in a page's life. */
let retries = 0;

/**
 * The same-origin script address a failed import names, without its query: Chromium and Firefox
 * say it in the error's message ("Failed to fetch dynamically imported module: https://…/x.js");
 * Safari does not.
 */
export function chunkAddress(error: unknown, origin: string): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  for (const [text] of message.matchAll(/https?:\/\/[^\s'"]+/g)) {
    try {
      const url = new URL(text);
      if (url.origin !== origin) continue;
      url.search = '';
      url.hash = '';
      return url.href;
    } catch {}
  }
  return undefined;
}

/** A chunk's address for its `attempt`th retry: a new address, so the browser fetches it again. */
export function retryAddress(chunk: string, attempt: number): string {
  return `${chunk}?retry=${attempt}`;
}

/** Whether `address` answers at all (any status): the network and the site are up. */
async function answers(address: string): Promise<boolean> {
  try {
    await fetch(address, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page; the promise never settles, so the screen says Loading… until the page goes. */
function reloadPage(): Promise<never> {
  window.location.reload();
  return new Promise<never>(() => {});
}

/** The screen's code after a failed load: at a new address, else by a reload of the page. */
async function loadAfresh(failure: unknown): Promise<ScreenModule> {
  const chunk = chunkAddress(failure, window.location.origin);
  if (!chunk) {
    // Which chunk failed is unknown (or the load timed out): a reload, once the page itself answers.
    if (await answers(window.location.href)) return reloadPage();
    throw failure;
  }
  retries += 1;
  const address = retryAddress(chunk, retries);
  try {
    const module = (await import(/* @vite-ignore */ address)) as Partial<ScreenModule>;
    // A browser that named a file the chunk imports, not the chunk: that file has no screen in it.
    if (module.default) return module as ScreenModule;
    return reloadPage();
  } catch (error) {
    // The chunk answers now (or is gone after a deploy), yet its import failed: one of the files it
    // imports stays failed in this page, or the page's chunks are old. Only a reload can help.
    // No answer: still offline; the message and Retry stay.
    if (await answers(address)) return reloadPage();
    throw error;
  }
}

async function loadScreen(name: ScreenComponent): Promise<ScreenModule> {
  const done = modules.get(name);
  if (done) return done;
  const failure = failures.get(name);
  try {
    const module = await withTimeLimit(
      failures.has(name) ? loadAfresh(failure) : IMPORTS[name](),
      SCREEN_LOAD_LIMIT_MS,
    );
    modules.set(name, module);
    failures.delete(name);
    return module;
  } catch (error) {
    failures.set(name, error);
    throw error;
  }
}

const loaded = new Map<ScreenComponent, LazyExoticComponent<ComponentType<ScreenProps>>>();

/**
 * A module already here, as a thenable that answers at once: React.lazy then draws the screen in the
 * same render instead of showing "Loading…" for a turn (the page's first screen, loaded ahead).
 */
const present = (module: ScreenModule) =>
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one answers at once.
  ({ then: (done: (value: ScreenModule) => void) => done(module) }) as unknown as Promise<ScreenModule>;

/** The screen's lazy component: the same one on every render until it is forgotten. */
export function screenComponent(name: ScreenComponent): LazyExoticComponent<ComponentType<ScreenProps>> {
  let screen = loaded.get(name);
  if (!screen) {
    screen = lazy(() => {
      const done = modules.get(name);
      return done ? present(done) : loadScreen(name);
    });
    loaded.set(name, screen);
  }
  return screen;
}

/**
 * The page's first screen's code, loaded before the island first draws (issue 25): the island then
 * replaces the page's frame with the screen in one go. Settles either way: a failed load is the
 * screen's own to report (its Retry), as before.
 */
export function preloadScreen(name: ScreenComponent): Promise<void> {
  return loadScreen(name).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Forgets a screen's lazy component, so the next render loads it again (Retry): its code at a new
 * address when it failed to load, the loaded code when the screen failed while drawing.
 */
export function forgetScreen(name: ScreenComponent): void {
  loaded.delete(name);
}
