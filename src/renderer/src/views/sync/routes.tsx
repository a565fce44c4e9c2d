/** Routes of the Sync view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { SyncCenter } from './sync-center';

export const syncRoutes: RouteObject[] = [{ path: '/sync', element: <SyncCenter /> }];
