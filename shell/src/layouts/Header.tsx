import { Box, Button, Container, HStack, IconButton, Separator, Stack, Text } from '@portal/shared/chakra';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from '@portal/shared/router';
import { useSnapshot } from 'valtio';
import { authStore, isLoggedIn } from '@portal/shared/browser';
import { useHydrated } from '../app/useHydrated.ts';
import { useLocalePath } from '@portal/shared/ui';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { PRODUCTS, ProductMenu } from './ProductMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

const NAV = [
  { path: '/buy', id: 'nav.buy' },
  { path: '/use-scene', id: 'nav.useScene' },
  { path: '/blog', id: 'nav.blog' },
  { path: '/service', id: 'nav.service' },
];

function GuestActions({ full }: { full?: boolean }) {
  const to = useLocalePath();
  return (
    <>
      <Button asChild size="sm" variant="outline" flex={full ? '1' : undefined}>
        <Link to={to('/login')}>
          <FormattedMessage id="nav.login" />
        </Link>
      </Button>
      <Button asChild size="sm" colorPalette="brand" flex={full ? '1' : undefined}>
        <Link to={to('/register')}>
          <FormattedMessage id="nav.register" />
        </Link>
      </Button>
    </>
  );
}

export function Header() {
  const intl = useIntl();
  const to = useLocalePath();
  const auth = useSnapshot(authStore);
  // The server rendered the guest header; the session is this browser's, known after hydration.
  const loggedIn = useHydrated() && isLoggedIn(auth);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const navLinks = NAV.map((item) => (
    <Button
      key={item.path}
      asChild
      variant="ghost"
      size="sm"
      justifyContent={{ base: 'flex-start', lg: 'center' }}
      css={{ '&[aria-current=page]': { color: 'brand.fg', fontWeight: 'semibold' } }}
    >
      <NavLink to={to(item.path)} onClick={close}>
        <FormattedMessage id={item.id} />
      </NavLink>
    </Button>
  ));
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top={0} zIndex="sticky">
      <Container maxW="7xl" py={3}>
        <HStack justify="space-between" gap={3}>
          <Logo />
          <HStack as="nav" aria-label={intl.formatMessage({ id: 'nav.main' })} gap={1} display={{ base: 'none', lg: 'flex' }}>
            <ProductMenu />
            {navLinks}
          </HStack>
          <HStack gap={2}>
            <LanguageSwitch tone="subtle" />
            <HStack gap={2} display={{ base: 'none', md: 'flex' }}>
              {loggedIn ? <UserMenu /> : <GuestActions />}
            </HStack>
            <IconButton
              aria-label={intl.formatMessage({ id: 'nav.menu' })}
              aria-expanded={open}
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => setOpen((v) => !v)}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </IconButton>
          </HStack>
        </HStack>
        {open ? (
          <Stack
            as="nav"
            aria-label={intl.formatMessage({ id: 'nav.main' })}
            gap={1}
            pt={3}
            display={{ base: 'flex', lg: 'none' }}
          >
            <Text px={3} fontSize="xs" fontWeight="semibold" color="fg.muted">
              <FormattedMessage id="nav.products" />
            </Text>
            {PRODUCTS.map((p) => (
              <Button key={p.id} asChild variant="ghost" size="sm" justifyContent="flex-start">
                <NavLink to={to(p.path)} onClick={close}>
                  <FormattedMessage id={p.id} />
                </NavLink>
              </Button>
            ))}
            <Separator />
            {navLinks}
            <HStack pt={2} display={{ base: 'flex', md: 'none' }}>
              {loggedIn ? (
                <Button asChild size="sm" colorPalette="brand" flex="1">
                  <Link to={to('/admin/dashboard')} onClick={close}>
                    <FormattedMessage id="user.dashboard" />
                  </Link>
                </Button>
              ) : (
                <GuestActions full />
              )}
            </HStack>
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
