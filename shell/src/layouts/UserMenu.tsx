import { Box, Button, Menu, Portal, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import { useSnapshot } from 'valtio';
import { formatTraffic } from '@portal/shared';
import { authStore, balanceMb } from '@portal/shared/browser';
import { useLocalePath } from '@portal/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { logout, switchTeam } from '../session/session.ts';

/** Logged-in header menu (SPEC/issue: remaining traffic, dashboard, logout). */
export function UserMenu() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const auth = useSnapshot(authStore);
  const queryClient = useQueryClient();
  const team = auth.userInfo?.team;
  const roleName = (role: string) => intl.formatMessage({ id: `shared.team.role.${role}` });
  // Another team's data from now on: nothing cached of the previous one may show.
  const switchTo = async (teamId: number) => {
    await switchTeam(teamId);
    queryClient.clear();
    navigate(to('/admin/dashboard'));
  };
  const name =
    (auth.userInfo?.nickname as string | undefined) ||
    (auth.userInfo?.mobile as string | undefined) ||
    intl.formatMessage({ id: 'nav.userCentre' });
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* A phone's header shows the icon only: the user's e-mail address would squeeze the logo to
            its first letter. The name stays the button's accessible name. */}
        <Button size="sm" variant="outline" data-testid="user-menu" maxW={{ sm: '14rem' }} px={{ base: 2, sm: 3 }}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
          <Box as="span" truncate srOnly={{ base: true, sm: false }}>
            {name}
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <FormattedMessage id="user.remaining" />
                <Text as="span" display="block" fontSize="lg" color="fg" fontWeight="bold" data-testid="remaining-traffic">
                  {formatTraffic(balanceMb(auth), intl.locale)}
                </Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {team && team.teams.length > 1 ? (
              <>
                <Menu.ItemGroup data-testid="team-switcher">
                  <Menu.ItemGroupLabel>
                    <FormattedMessage id="user.teams" />
                  </Menu.ItemGroupLabel>
                  {team.teams.map((t) => (
                    <Menu.Item
                      key={t.teamId}
                      value={`team-${t.teamId}`}
                      disabled={t.teamId === team.teamId}
                      onSelect={() => switchTo(t.teamId)}
                    >
                      <FormattedMessage
                        id={t.teamId === team.teamId ? 'user.teamCurrent' : 'user.teamOther'}
                        values={{ name: t.name, role: roleName(t.role) }}
                      />
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
                <Menu.Separator />
              </>
            ) : null}
            <Menu.Item value="dashboard" onSelect={() => navigate(to('/admin/dashboard'))}>
              <FormattedMessage id="user.dashboard" />
            </Menu.Item>
            <Menu.Item value="buy" onSelect={() => navigate(to('/buy'))}>
              <FormattedMessage id="user.recharge" />
            </Menu.Item>
            <Menu.Item
              value="logout"
              color="fg.error"
              onSelect={async () => {
                await logout();
                navigate(to('/'));
              }}
            >
              <FormattedMessage id="user.logout" />
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
