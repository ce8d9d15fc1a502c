import { Box } from '@portal/shared/chakra';

/**
 * The thin progress bar at the top during navigation and while a remote loads. `label` is the
 * screen-reader name in the page's language (the boot fallback has no IntlProvider yet).
 */
export function LoadingBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      position="fixed"
      top={0}
      left={0}
      right={0}
      h="3px"
      zIndex="max"
      overflow="hidden"
      bg="brand.100"
      data-testid="loading-bar"
    >
      <Box
        h="full"
        w="40%"
        bg="brand.solid"
        css={{
          animation: 'portal-loading 1.1s ease-in-out infinite',
          '@keyframes portal-loading': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } },
        }}
      />
    </Box>
  );
}
