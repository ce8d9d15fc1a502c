import { Flex } from '@portal/shared/chakra';
import { Outlet } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function DefaultLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Flex as="main" direction="column" flex="1">
        <Outlet />
      </Flex>
      <Footer />
    </Flex>
  );
}
