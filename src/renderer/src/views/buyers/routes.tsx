/** Routes of the Buyers view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { BuyerPage } from './buyer-page';
import { BuyersView } from './buyers-view';

export const buyersRoutes: RouteObject[] = [
  { path: '/buyers', element: <BuyersView /> },
  { path: '/buyers/:buyerName', element: <BuyerPage /> },
];
