import { Box, Button, CloseButton, HStack, Stack, Text } from '@portal/shared/chakra';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadedRegistry } from '../federation/remotes.ts';
import { checkForUpdate, UPDATE_POLL_MS } from './update-check.ts';

/**
 * Polls the registry and the shell's build manifest (every 5 minutes and when the tab regains
 * focus). It only offers a reload: nothing reloads by itself, so a form in progress is never lost.
 * Part of the boot code on purpose (not loaded on demand): after a shell deploy the old build's
 * lazy chunks may be gone, and this is the notice that must still show then.
 */
export function UpdatePrompt() {
  const intl = useIntl();
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (available) return;
    let stopped = false;
    const check = () => {
      checkForUpdate(loadedRegistry())
        .then((changed) => {
          if (changed && !stopped) setAvailable(true);
        })
        .catch(() => {});
    };
    const timer = window.setInterval(check, UPDATE_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [available]);
  if (!available || dismissed) return null;
  return (
    <Box
      role="status"
      position="fixed"
      left={{ base: 3, md: 6 }}
      right={{ base: 3, md: 'auto' }}
      bottom={{ base: 20, md: 6 }}
      zIndex="toast"
      maxW="sm"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="lg"
      shadow="lg"
      p={4}
    >
      <HStack align="flex-start" gap={3}>
        <Stack gap={2} flex="1">
          <Text fontWeight="semibold">
            <FormattedMessage id="update.title" />
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="update.description" />
          </Text>
          <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => window.location.reload()}>
            <FormattedMessage id="update.reload" />
          </Button>
        </Stack>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'update.dismiss' })} onClick={() => setDismissed(true)} />
      </HStack>
    </Box>
  );
}
