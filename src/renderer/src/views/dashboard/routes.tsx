/** Routes of the Dashboard view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { DashboardView } from './dashboard-view';

export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardView /> }];
