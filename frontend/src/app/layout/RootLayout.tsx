import { Outlet, useNavigation } from 'react-router';
import { ClientViewBanner } from '../../components/client-view-banner';
import { PageFrame } from './PageFrame';

/** The app router's layout: every route's page in the frame, with a progress bar while the next one loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    // After the footer, an admin reading a client's space: whose, until when, the way out (nothing while no view is open).
    <PageFrame loading={navigation.state === 'loading'} after={<ClientViewBanner />}>
      <Outlet />
    </PageFrame>
  );
}
