import { createHashRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

/** Hash routing: the whole view state lives in the URL (deep links, back/forward) in both hosts. */
const router = createHashRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
