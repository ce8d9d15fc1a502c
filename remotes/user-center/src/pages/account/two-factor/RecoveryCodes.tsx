import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { message } from '@portal/shared/ui';

/** The recovery codes, shown once: as a list to copy or save, each usable once. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message('success', intl.formatMessage({ id: 'uc.twoFactor.copied' }));
    } catch {
      message('error', intl.formatMessage({ id: 'uc.twoFactor.copyFailed' }));
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack gap={4} data-testid="recovery-codes">
      <Text fontWeight="medium">
        <FormattedMessage id="uc.twoFactor.recoveryTitle" />
      </Text>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="uc.twoFactor.recoveryText" />
      </Text>
      <SimpleGrid
        as="ul"
        columns={{ base: 1, sm: 2 }}
        gap={2}
        listStyleType="none"
        borderWidth="1px"
        borderRadius="md"
        p={3}
        fontFamily="mono"
      >
        {codes.map((code) => (
          <Box as="li" key={code} data-testid="recovery-code">
            {code}
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap={3} flexWrap="wrap">
        <Button variant="outline" onClick={() => void copy()}>
          <FormattedMessage id="uc.twoFactor.copy" />
        </Button>
        <Button variant="outline" onClick={download}>
          <FormattedMessage id="uc.twoFactor.download" />
        </Button>
        <Button colorPalette="brand" onClick={onDone} data-testid="recovery-codes-done">
          <FormattedMessage id="uc.twoFactor.savedThem" />
        </Button>
      </HStack>
    </Stack>
  );
}
