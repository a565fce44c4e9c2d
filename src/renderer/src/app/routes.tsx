/** Every route of the app; each view module owns its own route list. */
import { Navigate, type RouteObject } from 'react-router-dom';
import { buyersRoutes } from '../views/buyers/routes';
import { changesRoutes } from '../views/changes/routes';
import { claimsRoutes } from '../views/claims/routes';
import { countriesRoutes } from '../views/countries/routes';
import { dashboardRoutes } from '../views/dashboard/routes';
import { forensicsRoutes } from '../views/forensics/routes';
import { portfolioRoutes } from '../views/portfolio/routes';
import { projectsRoutes } from '../views/projects/routes';
import { satelliteRoutes } from '../views/satellite/routes';
import { settingsRoutes } from '../views/settings/routes';
import { signalsRoutes } from '../views/signals/routes';
import { syncRoutes } from '../views/sync/routes';
import { transactionsRoutes } from '../views/transactions/routes';
import { watchlistRoutes } from '../views/watchlist/routes';
import { Layout } from './layout';
import { NotFound } from './not-found';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...dashboardRoutes,
      ...changesRoutes,
      ...projectsRoutes,
      ...transactionsRoutes,
      ...buyersRoutes,
      ...claimsRoutes,
      ...signalsRoutes,
      ...forensicsRoutes,
      ...satelliteRoutes,
      ...countriesRoutes,
      ...watchlistRoutes,
      ...portfolioRoutes,
      ...syncRoutes,
      ...settingsRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
