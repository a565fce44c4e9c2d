/** Routes of the Transactions view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { TransactionsView } from './transactions-view';

export const transactionsRoutes: RouteObject[] = [{ path: '/transactions', element: <TransactionsView /> }];
