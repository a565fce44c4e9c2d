/** Routes of the Sync view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function SyncView() {
  return (
    <Page title="Sync">
      <Empty title="Sync is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const syncRoutes: RouteObject[] = [{ path: '/sync', element: <SyncView /> }];
