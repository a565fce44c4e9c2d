/** Routes of the Projects view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';

function ProjectsView() {
  return (
    <Page title="Projects">
      <Empty title="Projects is being built">This view is not part of this build yet.</Empty>
    </Page>
  );
}

export const projectsRoutes: RouteObject[] = [{ path: '/projects', element: <ProjectsView /> }];
