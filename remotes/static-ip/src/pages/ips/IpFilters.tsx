import { Box, Button, HStack } from '@portal/shared/chakra';
import { Field, Input, Switch } from '@portal/shared/chakra/deferred';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceType } from '@portal/shared';
import { FilterSelect } from '@portal/shared/ui/forms';
import { ResourceTypeFilter } from '../../common/ResourceTypeFilter.tsx';
import { IP_STATUS_FILTERS, type IpStatusFilter, KEYWORD_MAX } from './useStaticIps.ts';

/** The IP list's filter fields; the keyword applies on submit, the others at once. */
export function IpFilters({
  type,
  status,
  keyword,
  expiringToday,
  setFilters,
}: {
  type: ResourceType | null;
  status: IpStatusFilter | '';
  keyword: string;
  expiringToday: boolean;
  setFilters: (changes: Record<string, string | null>) => void;
}) {
  const intl = useIntl();
  const [keywordText, setKeywordText] = useState(keyword);
  useEffect(() => setKeywordText(keyword), [keyword]);
  const submitKeyword = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ q: keywordText.trim() || null });
  };
  return (
    <>
      <ResourceTypeFilter value={type} onChange={(v) => setFilters({ type: v })} testId="static-ips-type-filter" />
      <FilterSelect
        labelId="static.filter.ipStatus"
        value={status}
        options={(Object.keys(IP_STATUS_FILTERS) as (keyof typeof IP_STATUS_FILTERS)[]).map((key) => ({
          value: key,
          label: intl.formatMessage({ id: `static.ipStatus.${IP_STATUS_FILTERS[key]}` }),
        }))}
        onChange={(v) => setFilters({ status: v })}
        testId="static-ips-status-filter"
      />
      <Box as="form" onSubmit={submitKeyword} role="search" w={{ base: 'full', sm: '64' }}>
        <Field.Root>
          <Field.Label fontSize="sm">
            <FormattedMessage id="static.filter.keyword" />
          </Field.Label>
          <HStack gap={2} w="full">
            <Input
              type="search"
              size="sm"
              value={keywordText}
              maxLength={KEYWORD_MAX}
              placeholder={intl.formatMessage({ id: 'static.filter.keywordPlaceholder' })}
              onChange={(e) => setKeywordText(e.target.value)}
              data-testid="static-ips-keyword"
            />
            <Button type="submit" size="sm" variant="outline" flexShrink={0}>
              <FormattedMessage id="static.filter.search" />
            </Button>
          </HStack>
        </Field.Root>
      </Box>
      <Switch.Root
        checked={expiringToday}
        onCheckedChange={(d) => setFilters({ today: d.checked ? '1' : null })}
        colorPalette="brand"
        size="sm"
        pb={1.5}
        data-testid="static-ips-today-filter"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label fontSize="sm">
          <FormattedMessage id="static.filter.expiringToday" />
        </Switch.Label>
      </Switch.Root>
    </>
  );
}
