import { Link, useLocation } from 'react-router-dom';
import { Page } from '../components/page';
import { Empty } from '../components/states';

export function NotFound() {
  const location = useLocation();
  return (
    <Page title="Not found">
      <Empty title={`Nothing at ${location.pathname}`}>
        <Link to="/dashboard">Go to the dashboard</Link>
      </Empty>
    </Page>
  );
}
