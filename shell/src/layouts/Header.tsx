import { Box, Button, Container, HStack, IconButton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { useLocalePath } from '@portal/shared/ui';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';

const NAV = [
  { path: '/dynamic-residential-proxies', id: 'nav.product.dynamic' },
  { path: '/static-residential-proxies', id: 'nav.product.static' },
  { path: '/native-residential-proxies', id: 'nav.product.native' },
  { path: '/buy', id: 'nav.buy' },
  { path: '/use-scene', id: 'nav.useScene' },
  { path: '/blog', id: 'nav.blog' },
  { path: '/service', id: 'nav.service' },
];

export function Header() {
  const intl = useIntl();
  const to = useLocalePath();
  const [open, setOpen] = useState(false);
  const links = NAV.map((item) => (
    <Button key={item.path} asChild variant="ghost" size="sm" justifyContent={{ base: 'flex-start', lg: 'center' }}>
      <NavLink to={to(item.path)} onClick={() => setOpen(false)}>
        <FormattedMessage id={item.id} />
      </NavLink>
    </Button>
  ));
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top={0} zIndex="sticky">
      <Container maxW="7xl" py={3}>
        <HStack justify="space-between" gap={4}>
          <Logo />
          <HStack as="nav" aria-label={intl.formatMessage({ id: 'nav.main' })} gap={1} display={{ base: 'none', lg: 'flex' }}>
            {links}
          </HStack>
          <HStack gap={2}>
            <LanguageSwitch tone="subtle" />
            <Button asChild size="sm" variant="outline" display={{ base: 'none', sm: 'inline-flex' }}>
              <Link to={to('/login')}>
                <FormattedMessage id="nav.login" />
              </Link>
            </Button>
            <Button asChild size="sm" colorPalette="brand" display={{ base: 'none', sm: 'inline-flex' }}>
              <Link to={to('/register')}>
                <FormattedMessage id="nav.register" />
              </Link>
            </Button>
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
            {links}
            <HStack pt={2} display={{ base: 'flex', sm: 'none' }}>
              <Button asChild size="sm" variant="outline" flex="1">
                <Link to={to('/login')}>
                  <FormattedMessage id="nav.login" />
                </Link>
              </Button>
              <Button asChild size="sm" colorPalette="brand" flex="1">
                <Link to={to('/register')}>
                  <FormattedMessage id="nav.register" />
                </Link>
              </Button>
            </HStack>
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
