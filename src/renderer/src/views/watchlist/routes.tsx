/** Routes of the Watchlist view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { WatchlistView } from './watchlist-view';

export const watchlistRoutes: RouteObject[] = [{ path: '/watchlist', element: <WatchlistView /> }];
