/** Routes of the Transactions view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function TransactionsView() {
  return (
    <Page title="Transactions">
      <Empty title="Transactions is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const transactionsRoutes: RouteObject[] = [{ path: '/transactions', element: <TransactionsView /> }];
