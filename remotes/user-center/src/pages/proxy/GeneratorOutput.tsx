import { Box, Button, Code, HStack, Stack, Text } from '@portal/shared/chakra';
import { Textarea } from '@portal/shared/chakra/deferred';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  curlCommand,
  formatHasPassword,
  ispByAsn,
  type LineFormat,
  type ProxyAccount,
  type ProxyProtocol,
  parseUsername,
} from '@portal/shared';
import type { Endpoints } from './useProxyAccounts.ts';
import { usernameOf } from './useGenerator.ts';

/** The generated lines, their copy and downloads, and a curl command that tries the first one. */
export function GeneratorOutput({
  lines,
  format,
  protocol,
  endpoint,
  account,
  onCopy,
  onDownload,
}: {
  lines: string[];
  format: LineFormat;
  protocol: ProxyProtocol;
  endpoint: Endpoints[number] | undefined;
  account: ProxyAccount | undefined;
  onCopy: () => void;
  onDownload: (kind: 'txt' | 'csv') => void;
}) {
  const intl = useIntl();
  const firstUser = lines[0] ? usernameOf(lines[0], format) : null;
  const parsed = firstUser ? parseUsername(firstUser) : null;
  const isp = parsed?.isp ? ispByAsn(parsed.isp.asn) : null;
  const target = parsed && [
    parsed.region === 'any' ? intl.formatMessage({ id: 'uc.proxy.target.any' }) : parsed.region,
    ...(parsed.postcode ? [intl.formatMessage({ id: 'uc.proxy.target.postcode' }, { postcode: parsed.postcode })] : []),
    ...(isp
      ? [
          intl.formatMessage(
            { id: 'uc.proxy.target.isp' },
            { name: (intl.locale !== 'en' && isp.nameZh) || isp.name, asn: isp.asn },
          ),
        ]
      : []),
  ];
  return (
    <Stack gap={3}>
      <Textarea
        readOnly
        value={lines.join('\n')}
        rows={Math.min(12, lines.length + 1)}
        fontFamily="mono"
        fontSize="sm"
        aria-label={intl.formatMessage({ id: 'uc.proxy.output' })}
        data-testid="gen-output"
      />
      {target ? (
        <Text fontSize="sm" color="fg.muted" data-testid="gen-target">
          <FormattedMessage id="uc.proxy.target" values={{ target: target.join(' · ') }} />
        </Text>
      ) : null}
      <HStack wrap="wrap">
        <Button variant="outline" onClick={onCopy} data-testid="gen-copy">
          <FormattedMessage id="uc.proxy.copy" />
        </Button>
        <Button variant="outline" onClick={() => onDownload('txt')} data-testid="gen-download-txt">
          <FormattedMessage id="uc.proxy.downloadTxt" />
        </Button>
        <Button variant="outline" onClick={() => onDownload('csv')} data-testid="gen-download-csv">
          <FormattedMessage id="uc.proxy.downloadCsv" />
        </Button>
      </HStack>
      {firstUser && endpoint && account ? (
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb={1}>
            <FormattedMessage id="uc.proxy.curl" />
          </Text>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p={3} data-testid="gen-curl">
            {curlCommand(
              protocol,
              { host: endpoint.host, port: endpoint.ports[protocol] },
              firstUser,
              formatHasPassword(format) ? account.password : '',
            )}
          </Code>
        </Box>
      ) : null}
    </Stack>
  );
}
