/** Routes of the Forensics view (owned by the view's module). */
import type { RouteObject } from 'react-router-dom';
import { LatestFeed } from './latest-feed';
import { LegacyList } from './legacy-list';
import { ProjectForensicsPage } from './project-forensics-page';

export const forensicsRoutes: RouteObject[] = [
  { path: '/forensics', element: <LatestFeed /> },
  { path: '/forensics/legacy', element: <LegacyList /> },
  { path: '/forensics/projects/:projectId', element: <ProjectForensicsPage /> },
];
