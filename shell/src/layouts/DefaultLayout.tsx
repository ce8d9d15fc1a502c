import { Flex } from '@portal/shared/chakra';
import { Outlet } from '@portal/shared/router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MAIN_ID } from '../routing/MainFocus.tsx';

export function DefaultLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Flex as="main" id={MAIN_ID} tabIndex={-1} outline="none" direction="column" flex="1">
        <Outlet />
      </Flex>
      <Footer />
    </Flex>
  );
}
