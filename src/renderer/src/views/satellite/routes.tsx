/** Routes of the Satellite view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function SatelliteView() {
  return (
    <Page title="Satellite">
      <Empty title="Satellite is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const satelliteRoutes: RouteObject[] = [{ path: '/satellite', element: <SatelliteView /> }];
