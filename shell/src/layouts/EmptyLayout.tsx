import { Container, Flex, HStack } from '@portal/shared/chakra';
import { Outlet } from '@portal/shared/router';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { MAIN_ID } from '../routing/MainFocus.tsx';

/** The 'empty' layout of /login, /register, /forgot-password and /h5/*: no site chrome. */
export function EmptyLayout() {
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Container as="header" maxW="6xl" py={4}>
        <HStack justify="space-between">
          <Logo />
          <LanguageSwitch tone="subtle" />
        </HStack>
      </Container>
      <Flex as="main" id={MAIN_ID} tabIndex={-1} outline="none" direction="column" flex="1">
        <Outlet />
      </Flex>
    </Flex>
  );
}
