import type { DashboardLocation } from './router.ts';
import type { ScreenRoute } from './screens.ts';

/** What every screen is given: its route (title, slug), the address it was opened at and the brand. */
export interface ScreenProps {
  route: ScreenRoute;
  location: DashboardLocation;
  /** The brand, for what a screen hands to others (the payment checkout's merchant name). */
  brand: string;
}
