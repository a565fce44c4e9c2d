/** Routes of the Portfolio view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { PortfolioView } from './portfolio-view';

export const portfolioRoutes: RouteObject[] = [{ path: '/portfolio', element: <PortfolioView /> }];
