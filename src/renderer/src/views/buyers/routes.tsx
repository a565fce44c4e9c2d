/** Routes of the Buyers view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function BuyersView() {
  return (
    <Page title="Buyers">
      <Empty title="Buyers is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const buyersRoutes: RouteObject[] = [{ path: '/buyers', element: <BuyersView /> }];
