import { Badge, Button, HStack, Text, VisuallyHidden } from '@portal/shared/chakra';
import { Checkbox } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { StaticIpStatus } from '@portal/shared';
import type { ListColumn } from '@portal/shared/ui';
import { formatLocalTime, regionLabel } from '../../common/format.ts';
import { useNow } from '../../common/ticker.ts';
import { effectiveIpStatus, formatRemaining, isExpiringToday, type LiveIp, remainingAt } from './remaining.ts';

/** The header's "select this page" box: checked, unchecked or in between. */
export function SelectPageBox({
  state,
  disabled,
  onChange,
  testId = 'ip-select-page',
}: {
  state: boolean | 'indeterminate';
  disabled: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      checked={state}
      disabled={disabled}
      onCheckedChange={(d) => onChange(d.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontSize="xs" whiteSpace="nowrap">
        <FormattedMessage id="static.ips.selectPage" />
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

const hostPort = (ip: LiveIp) => `${ip.host}:${ip.port}`;
const mono = { fontFamily: 'mono', fontSize: 'sm' } as const;

/**
 * The IP list's columns: at 1280 px the table fits without scrolling sideways, so the password
 * (masked anyway; Copy carries it), status (the countdown says "Expired"), order number, out IP, type
 * and the two dates sit in each row's details; on a phone each IP is a card headed by its
 * host:port, ending with Copy and Renew.
 */
export function ipColumns({
  intl,
  selectPage,
  isSelected,
  onSelect,
  onCopy,
  onRenew,
}: {
  intl: IntlShape;
  selectPage: React.ReactNode;
  isSelected: (ip: LiveIp) => boolean;
  onSelect: (ip: LiveIp, on: boolean) => void;
  onCopy: (ip: LiveIp) => void;
  /** Absent when the member's role may not buy (decision 0054): no Renew button. */
  onRenew?: (ip: LiveIp) => void;
}): ListColumn<LiveIp>[] {
  const label = (id: string) => intl.formatMessage({ id });
  return [
    {
      key: 'select',
      w: '16',
      wrap: true,
      label: selectPage,
      cardLabel: label('static.ips.col.select'),
      cell: (ip) => <SelectBox ip={ip} selected={isSelected(ip)} onSelect={(on) => onSelect(ip, on)} />,
    },
    {
      key: 'host',
      label: label('static.ips.col.hostPort'),
      card: 'title',
      cell: (ip) => (
        <Text as="span" {...mono} whiteSpace="nowrap">
          <span data-testid="ip-host">{ip.host}</span>:<span data-testid="ip-port">{ip.port}</span>
        </Text>
      ),
    },
    {
      key: 'account',
      label: label('static.ips.col.account'),
      cell: (ip) => (
        <Text as="span" {...mono} data-testid="ip-account">
          {ip.account}
        </Text>
      ),
    },
    {
      key: 'region',
      label: label('static.ips.col.region'),
      wrap: true,
      cell: (ip) => <span data-testid="ip-region">{regionLabel(ip.region, intl.locale)}</span>,
    },
    { key: 'remaining', label: label('static.ips.col.remaining'), cell: (ip) => <Remaining ip={ip} /> },
    {
      key: 'remark',
      label: label('static.ips.col.remark'),
      cell: (ip) => (
        <Text
          as="span"
          display="block"
          maxW={{ md: '32' }}
          truncate={{ md: true }}
          title={ip.remark || undefined}
          data-testid="ip-remark"
        >
          {ip.remark || '—'}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: label('static.ips.col.actions'),
      card: 'action',
      cell: (ip) => (
        <HStack gap={2}>
          <Button
            size="xs"
            variant="outline"
            onClick={() => onCopy(ip)}
            aria-label={intl.formatMessage({ id: 'static.copy.label' }, { host: hostPort(ip) })}
            data-testid="ip-copy"
          >
            <FormattedMessage id="static.copy.button" />
          </Button>
          {onRenew ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="brand"
              onClick={() => onRenew(ip)}
              aria-label={intl.formatMessage({ id: 'static.ips.renewOne' }, { host: hostPort(ip) })}
              data-testid="ip-renew-one"
            >
              <FormattedMessage id="static.ips.renew" />
            </Button>
          ) : null}
        </HStack>
      ),
    },
    { key: 'password', label: label('static.ips.col.password'), detail: true, cell: (ip) => <Password ip={ip} /> },
    { key: 'status', label: label('static.ips.col.status'), detail: true, cell: (ip) => <IpStatus ip={ip} /> },
    {
      key: 'orderNo',
      label: label('static.ips.col.orderNo'),
      detail: true,
      cell: (ip) => (
        <Text as="span" {...mono} data-testid="ip-order-no">
          {ip.orderNo}
        </Text>
      ),
    },
    {
      key: 'outIp',
      label: label('static.ips.col.outIp'),
      detail: true,
      cell: (ip) => (
        <Text as="span" {...mono} data-testid="ip-out-ip">
          {ip.outIp}
        </Text>
      ),
    },
    {
      key: 'resourceType',
      label: label('static.ips.col.resourceType'),
      detail: true,
      cell: (ip) => <FormattedMessage id={`static.type.${ip.resourceType}`} />,
    },
    {
      key: 'purchaseTime',
      label: label('static.ips.col.purchaseTime'),
      detail: true,
      cell: (ip) => (
        <Text as="span" fontVariantNumeric="tabular-nums" data-testid="ip-purchase">
          {formatLocalTime(ip.purchaseTime)}
        </Text>
      ),
    },
    {
      key: 'expireTime',
      label: label('static.ips.col.expireTime'),
      detail: true,
      cell: (ip) => (
        <Text as="span" fontVariantNumeric="tabular-nums" data-testid="ip-expire">
          {formatLocalTime(ip.expireTime)}
        </Text>
      ),
    },
  ];
}

function SelectBox({ ip, selected, onSelect }: { ip: LiveIp; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
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
          <FormattedMessage id="static.ips.select" values={{ host: hostPort(ip) }} />
        </VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The password, hidden until asked for. */
function Password({ ip }: { ip: LiveIp }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  return (
    <HStack gap={1} display="inline-flex">
      <Text as="span" {...mono} whiteSpace="nowrap" data-testid="ip-password">
        {shown ? ip.password : '••••••••'}
      </Text>
      <Button
        size="2xs"
        variant="ghost"
        onClick={() => setShown((v) => !v)}
        aria-pressed={shown}
        aria-label={intl.formatMessage(
          { id: shown ? 'static.ips.hidePassword' : 'static.ips.showPassword' },
          { host: hostPort(ip) },
        )}
        data-testid="ip-password-toggle"
      >
        <FormattedMessage id={shown ? 'static.ips.hide' : 'static.ips.show'} />
      </Button>
    </HStack>
  );
}

/** The live countdown and the "Expiring today" badge; every row listens to the page's one second ticker. */
function Remaining({ ip }: { ip: LiveIp }) {
  const intl = useIntl();
  const now = useNow();
  const left = remainingAt(ip, now);
  if (effectiveIpStatus(ip, now) !== StaticIpStatus.Normal) return <IpStatus ip={ip} testId="ip-remaining-status" />;
  return (
    <HStack gap={2} display="inline-flex" wrap="wrap" justify="flex-end">
      <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="ip-countdown" data-remaining-ms={left}>
        {formatRemaining(left, intl)}
      </Text>
      {isExpiringToday(ip.expiresAt, now) ? (
        <Badge colorPalette="orange" variant="subtle" data-testid="expiring-today">
          <FormattedMessage id="static.ips.expiringToday" />
        </Badge>
      ) : null}
    </HStack>
  );
}

function IpStatus({ ip, testId = 'ip-status' }: { ip: LiveIp; testId?: string }) {
  const now = useNow();
  const status = effectiveIpStatus(ip, now);
  return (
    <Badge colorPalette={status === StaticIpStatus.Normal ? 'green' : 'gray'} data-testid={testId} data-status={status}>
      <FormattedMessage id={`static.ipStatus.${status}`} />
    </Badge>
  );
}
