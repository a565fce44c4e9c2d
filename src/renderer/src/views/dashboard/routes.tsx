/** Routes of the Dashboard view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function DashboardView() {
  return (
    <Page title="Dashboard">
      <Empty title="Dashboard is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardView /> }];
