/** Routes of the Forensics view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function ForensicsView() {
  return (
    <Page title="Forensics">
      <Empty title="Forensics is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const forensicsRoutes: RouteObject[] = [{ path: '/forensics', element: <ForensicsView /> }];
