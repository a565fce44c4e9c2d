/** Routes of the Projects view and the project page (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { ProjectPage } from './project-page';
import { ProjectsView } from './projects-view';

export const projectsRoutes: RouteObject[] = [
  { path: '/projects', element: <ProjectsView /> },
  { path: '/projects/:projectId', element: <ProjectPage /> },
];
