/** Routes of the Settings view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { SettingsView } from './settings-view';

export const settingsRoutes: RouteObject[] = [{ path: '/settings', element: <SettingsView /> }];
