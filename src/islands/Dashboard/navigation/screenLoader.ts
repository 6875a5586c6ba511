/**
 * Each screen's code is its own chunk, loaded when the screen is first shown. A chunk that fails
 * to load (offline, a deploy replaced it) or takes longer than the time limit leaves a rejected
 * lazy component, which React keeps rejecting: a retry forgets it, and the next render imports
 * the chunk afresh.
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
  Eligibility: () => import('../screens/Eligibility.tsx'),
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

const loaded = new Map<ScreenComponent, LazyExoticComponent<ComponentType<ScreenProps>>>();

/** The screen's lazy component: the same one on every render until it is forgotten. */
export function screenComponent(name: ScreenComponent): LazyExoticComponent<ComponentType<ScreenProps>> {
  let screen = loaded.get(name);
  if (!screen) {
    screen = lazy(() => withTimeLimit(IMPORTS[name](), SCREEN_LOAD_LIMIT_MS));
    loaded.set(name, screen);
  }
  return screen;
}

/** Forgets a screen's lazy component, so the next render imports its chunk again (Retry). */
export function forgetScreen(name: ScreenComponent): void {
  loaded.delete(name);
}
