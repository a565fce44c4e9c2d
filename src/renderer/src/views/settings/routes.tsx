/** Routes of the Settings view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function SettingsView() {
  return (
    <Page title="Settings">
      <Empty title="Settings is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const settingsRoutes: RouteObject[] = [{ path: '/settings', element: <SettingsView /> }];
