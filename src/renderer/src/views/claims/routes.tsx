/** Routes of the Claims view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { ClaimsView } from './claims-view';

export const claimsRoutes: RouteObject[] = [{ path: '/claims', element: <ClaimsView /> }];
