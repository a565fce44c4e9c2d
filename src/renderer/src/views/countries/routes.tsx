/** Routes of the Countries view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function CountriesView() {
  return (
    <Page title="Countries">
      <Empty title="Countries is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const countriesRoutes: RouteObject[] = [{ path: '/countries', element: <CountriesView /> }];
