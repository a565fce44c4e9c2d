/** Routes of the Changes view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { ChangesView } from './changes-view';

export const changesRoutes: RouteObject[] = [{ path: '/changes', element: <ChangesView /> }];
