import { Box, Text } from '@portal/shared/chakra';
import { useIntl } from 'react-intl';
import { useClientConfig } from './clientConfig.ts';

/**
 * While the server runs the sandbox (SANDBOX: fake payments, codes in the outbox, a demo login),
 * every page says so above everything else, so nobody mistakes it for the real shop. A labelled
 * landmark of its own (axe: all content in landmarks); dark brown on pale amber (contrast ≈ 9:1);
 * the text wraps on narrow screens.
 */
export function SandboxBand() {
  const intl = useIntl();
  const { data } = useClientConfig();
  if (!data?.sandbox) return null;
  const title = intl.formatMessage({ id: 'sandbox.band.title' });
  return (
    <Box
      as="aside"
      aria-label={title}
      data-testid="sandbox-band"
      bg="#fff3cd"
      color="#5c3c00"
      borderBottomWidth="2px"
      borderColor="#e0a800"
      px={{ base: 3, md: 6 }}
      py="1.5"
      textAlign="center"
      fontSize="sm"
      lineHeight="1.4"
      overflowWrap="anywhere"
    >
      <Text as="strong" fontWeight="bold">
        {title}
      </Text>{' '}
      <Text as="span">{intl.formatMessage({ id: 'sandbox.band.text' })}</Text>
    </Box>
  );
}
