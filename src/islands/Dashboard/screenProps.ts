import type { DashboardLocation } from './router.ts';
import type { ScreenRoute } from './routes.ts';

/** What every screen is given: its route (title, slug) and the address it was opened at. */
export interface ScreenProps {
  route: ScreenRoute;
  location: DashboardLocation;
}
