import { Box, Button, Container, Flex, HStack, Stack, Text } from '@portal/shared/chakra';
import { useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { canSeePage } from '@portal/shared';
import { authStore, teamPermissions } from '@portal/shared/browser';
import { useSnapshot } from 'valtio';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { scrollLeftToReveal } from './revealActive.ts';
import { UserMenu } from './UserMenu.tsx';
import { MAIN_ID } from '../routing/MainFocus.tsx';

/** Side navigation of /admin: every child route of SPEC section 2, grouped as users think of them. */
export const SECTIONS: Array<{ heading?: string; items: Array<{ path: string; id: string }> }> = [
  {
    items: [
      { path: '/admin/dashboard', id: 'shared.page.dashboard' },
      { path: '/admin/account', id: 'shared.page.account' },
      { path: '/admin/auth', id: 'shared.page.certification' },
    ],
  },
  {
    heading: 'admin.nav.dynamic',
    items: [
      { path: '/admin/dynamic/buy', id: 'shared.page.dynamicBuy' },
      { path: '/admin/dynamic/list', id: 'shared.page.dynamicList' },
      { path: '/admin/dynamic/records', id: 'shared.page.dynamicRecords' },
      { path: '/admin/usage', id: 'shared.page.usage' },
      { path: '/admin/account-password-auth', id: 'shared.page.proxyCredentials' },
    ],
  },
  {
    heading: 'admin.nav.static',
    items: [
      { path: '/admin/static/buy', id: 'shared.page.staticBuy' },
      { path: '/admin/static/list', id: 'shared.page.staticList' },
      { path: '/admin/static/management', id: 'shared.page.staticManagement' },
    ],
  },
  {
    items: [
      { path: '/admin/api-tokens', id: 'shared.page.apiTokens' },
      { path: '/admin/audit-log', id: 'shared.page.auditLog' },
      { path: '/admin/help-center', id: 'shared.page.helpCenter' },
    ],
  },
];

/**
 * On a phone the navigation is one strip scrolling sideways: the current page's item is brought
 * into view when the page loads and after each navigation (sideways only, never the page).
 */
function useActiveItemInView() {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    void pathname; // the active item changes with the path
    const el = strip.current;
    const active = el?.querySelector<HTMLElement>('[aria-current=page]');
    if (!el || !active || el.scrollWidth <= el.clientWidth) return;
    const box = el.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    el.scrollLeft = scrollLeftToReveal(el, { left: item.left - box.left + el.scrollLeft, width: item.width });
  }, [pathname]);
  return strip;
}

export function AdminLayout() {
  const intl = useIntl();
  const to = useLocalePath();
  const navStrip = useActiveItemInView();
  // The pages the member's role in the active team opens (decision 0054): the others are hidden.
  const permissions = teamPermissions(useSnapshot(authStore));
  const sections = SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => canSeePage(permissions, item.path)),
  })).filter((section) => section.items.length > 0);
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="full" py={3}>
          <HStack justify="space-between" gap={3}>
            <Logo />
            <HStack gap={2} flexShrink={0}>
              <LanguageSwitch tone="subtle" />
              <Button asChild size="sm" variant="ghost" display={{ base: 'none', sm: 'inline-flex' }}>
                <Link to={to('/')}>
                  <FormattedMessage id="admin.backHome" />
                </Link>
              </Button>
              <UserMenu />
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Flex direction={{ base: 'column', md: 'row' }} flex="1">
        <Box
          ref={navStrip}
          as="nav"
          data-testid="admin-nav"
          aria-label={intl.formatMessage({ id: 'admin.nav.label' })}
          w={{ base: 'full', md: '60' }}
          flexShrink={0}
          borderRightWidth={{ base: 0, md: '1px' }}
          borderBottomWidth={{ base: '1px', md: 0 }}
          bg="bg"
          p={3}
          overflowX={{ base: 'auto', md: 'visible' }}
        >
          <Stack direction={{ base: 'row', md: 'column' }} gap={{ base: 1, md: 4 }}>
            {sections.map((section) => (
              <Stack key={section.items[0]?.path} direction={{ base: 'row', md: 'column' }} gap={1}>
                {section.heading ? (
                  <Text
                    display={{ base: 'none', md: 'block' }}
                    px={3}
                    fontSize="xs"
                    fontWeight="semibold"
                    color="fg.muted"
                    textTransform="uppercase"
                  >
                    <FormattedMessage id={section.heading} />
                  </Text>
                ) : null}
                {section.items.map((item) => (
                  <Button
                    key={item.path}
                    asChild
                    variant="ghost"
                    size="sm"
                    justifyContent="flex-start"
                    flexShrink={0}
                    css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' } }}
                  >
                    <NavLink to={to(item.path)}>
                      <FormattedMessage id={item.id} />
                    </NavLink>
                  </Button>
                ))}
              </Stack>
            ))}
          </Stack>
        </Box>
        <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" minW={0}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
