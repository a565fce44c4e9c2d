/** Routes of the Signals view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { SignalsView } from './signals-view';

export const signalsRoutes: RouteObject[] = [{ path: '/signals', element: <SignalsView /> }];
