import { Badge, Button, HStack, Table, Text, VisuallyHidden } from '@portal/shared/chakra';
import { Checkbox } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StaticIpStatus } from '@portal/shared';
import { formatLocalTime, regionLabel } from '../../common/format.ts';
import { useNow } from '../../common/ticker.ts';
import { effectiveIpStatus, formatRemaining, isExpiringToday, type LiveIp, remainingAt } from './remaining.ts';

/** The header's "select this page" box: checked, unchecked or in between. */
export function SelectPageBox({
  state,
  disabled,
  onChange,
}: {
  state: boolean | 'indeterminate';
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      checked={state}
      disabled={disabled}
      onCheckedChange={(d) => onChange(d.checked === true)}
      data-testid="ip-select-page"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontSize="xs" whiteSpace="nowrap">
        <FormattedMessage id="static.ips.selectPage" />
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** One IP: its selection box, credentials (password hidden until asked), countdown, status and Copy. */
export function IpRow({
  ip,
  selected,
  onSelect,
  onCopy,
}: {
  ip: LiveIp;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onCopy: () => void;
}) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  return (
    <Table.Row data-testid="static-ip-row" data-ip-id={ip.id} data-host={ip.host} data-selected={selected || undefined}>
      <Table.Cell>
        <Checkbox.Root
          size="sm"
          colorPalette="brand"
          checked={selected}
          onCheckedChange={(d) => onSelect(d.checked === true)}
          data-testid="ip-select"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <VisuallyHidden>
              <FormattedMessage id="static.ips.select" values={{ host: `${ip.host}:${ip.port}` }} />
            </VisuallyHidden>
          </Checkbox.Label>
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell>
        <Text as="span" fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-order-no">
          {ip.orderNo}
        </Text>
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-host">
        {ip.host}
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" data-testid="ip-port">
        {ip.port}
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-account">
        {ip.account}
      </Table.Cell>
      <Table.Cell>
        <HStack gap={1}>
          <Text as="span" fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-password">
            {shown ? ip.password : '••••••••'}
          </Text>
          <Button
            size="2xs"
            variant="ghost"
            onClick={() => setShown((v) => !v)}
            aria-pressed={shown}
            aria-label={intl.formatMessage(
              { id: shown ? 'static.ips.hidePassword' : 'static.ips.showPassword' },
              { host: `${ip.host}:${ip.port}` },
            )}
            data-testid="ip-password-toggle"
          >
            <FormattedMessage id={shown ? 'static.ips.hide' : 'static.ips.show'} />
          </Button>
        </HStack>
      </Table.Cell>
      <Table.Cell fontFamily="mono" fontSize="sm" whiteSpace="nowrap" data-testid="ip-out-ip">
        {ip.outIp}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <FormattedMessage id={`static.type.${ip.resourceType}`} />
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" data-testid="ip-region">
        {regionLabel(ip.region, intl.locale)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Remaining ip={ip} />
      </Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="ip-purchase">
        {formatLocalTime(ip.purchaseTime)}
      </Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="ip-expire">
        {formatLocalTime(ip.expireTime)}
      </Table.Cell>
      <Table.Cell>
        <IpStatus ip={ip} />
      </Table.Cell>
      <Table.Cell>
        <Button
          size="xs"
          variant="outline"
          onClick={onCopy}
          aria-label={intl.formatMessage({ id: 'static.copy.label' }, { host: `${ip.host}:${ip.port}` })}
          data-testid="ip-copy"
        >
          <FormattedMessage id="static.copy.button" />
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** The live countdown and the "Expiring today" badge; every row listens to the page's one second ticker. */
function Remaining({ ip }: { ip: LiveIp }) {
  const now = useNow();
  const left = remainingAt(ip, now);
  return (
    <HStack gap={2}>
      <Text as="span" fontVariantNumeric="tabular-nums" data-testid="ip-countdown" data-remaining-ms={left}>
        {formatRemaining(left)}
      </Text>
      {isExpiringToday(ip.expiresAt, now) ? (
        <Badge colorPalette="orange" variant="subtle" data-testid="expiring-today">
          <FormattedMessage id="static.ips.expiringToday" />
        </Badge>
      ) : null}
    </HStack>
  );
}

function IpStatus({ ip }: { ip: LiveIp }) {
  const now = useNow();
  const status = effectiveIpStatus(ip, now);
  return (
    <Badge colorPalette={status === StaticIpStatus.Normal ? 'green' : 'gray'} data-testid="ip-status" data-status={status}>
      <FormattedMessage id={`static.ipStatus.${status}`} />
    </Badge>
  );
}
