/**
 * Each console screen's code is its own chunk, loaded when the screen is first shown. A chunk that
 * failed to load is forgotten, so Retry loads it again (a reload of the page when that fails too).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { StaffScreenProps } from './screenProps.ts';
import type { StaffScreenComponent } from './screens.ts';

type ScreenModule = { default: ComponentType<StaffScreenProps> };

const IMPORTS: Record<StaffScreenComponent, () => Promise<ScreenModule>> = {
  StaffSignIn: () => import('../screens/StaffSignIn.tsx'),
  StaffHome: () => import('../screens/StaffHome.tsx'),
  CreditQueue: () => import('../screens/CreditQueue.tsx'),
  CreditApplication: () => import('../screens/CreditApplication.tsx'),
  FinanceQueue: () => import('../screens/FinanceQueue.tsx'),
  StaffAdmin: () => import('../screens/StaffAdmin.tsx'),
  CollectionsQueue: () => import('../screens/CollectionsQueue.tsx'),
  LoanAccount: () => import('../screens/LoanAccount.tsx'),
  ComplaintsQueue: () => import('../screens/ComplaintsQueue.tsx'),
  PrivacyRequestsQueue: () => import('../screens/PrivacyRequestsQueue.tsx'),
  CustomerView: () => import('../screens/CustomerView.tsx'),
  RefundsQueue: () => import('../screens/RefundsQueue.tsx'),
};

const loaded = new Map<StaffScreenComponent, LazyExoticComponent<ComponentType<StaffScreenProps>>>();

/** The screen's lazy component: the same one on every render until it is forgotten. */
export function screenComponent(name: StaffScreenComponent): LazyExoticComponent<ComponentType<StaffScreenProps>> {
  let screen = loaded.get(name);
  if (!screen) {
    screen = lazy(IMPORTS[name]);
    loaded.set(name, screen);
  }
  return screen;
}

/** Forgets a screen's lazy component, so the next render loads it again (Retry). */
export function forgetScreen(name: StaffScreenComponent): void {
  loaded.delete(name);
}
