import { Outlet, useNavigation } from 'react-router';
import { PageFrame } from './PageFrame';

/** The app router's layout: every route's page in the frame, with a progress bar while the next one loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <PageFrame loading={navigation.state === 'loading'}>
      <Outlet />
    </PageFrame>
  );
}
