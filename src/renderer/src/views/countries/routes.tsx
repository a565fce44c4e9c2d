/** Routes of the Countries view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { CountriesIndexView } from './countries-index-view';
import { CountryPage } from './country-page';

export const countriesRoutes: RouteObject[] = [
  { path: '/countries', element: <CountriesIndexView /> },
  { path: '/countries/:countryCode', element: <CountryPage /> },
];
