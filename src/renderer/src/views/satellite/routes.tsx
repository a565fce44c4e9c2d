/** Routes of the Satellite view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { SatelliteView } from './satellite-view';

export const satelliteRoutes: RouteObject[] = [{ path: '/satellite', element: <SatelliteView /> }];
