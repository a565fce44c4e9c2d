/** Every route of the service, below its API root. */
import { apiKeyRoutes } from './api-keys';
import { buyerRoutes } from './buyers';
import { chartRoutes } from './charts';
import { countryRoutes } from './countries';
import { creditRoutes } from './credits';
import { forensicRoutes } from './forensics';
import { projectRoutes } from './projects';
import type { RouteDef } from './route';
import { satelliteRoutes } from './satellite';
import { supplyDemandRoutes } from './supply-demand';

export const ROUTES: readonly RouteDef[] = [
  ...apiKeyRoutes, ...projectRoutes, ...creditRoutes, ...chartRoutes, ...supplyDemandRoutes, ...buyerRoutes, ...forensicRoutes,
  ...satelliteRoutes, ...countryRoutes,
];
