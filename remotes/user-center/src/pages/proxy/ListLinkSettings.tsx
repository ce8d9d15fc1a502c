import { Box, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GeneratorState } from './useGenerator.ts';

/** The generator's current settings, as a list link will keep them: where, session, lines, how. */
export function ListLinkSettings({ g }: { g: GeneratorState }) {
  const intl = useIntl();
  const { form, lang } = g;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const country = g.sortedCountries.find((c) => c.code === form.country)?.name[lang] ?? form.country;
  const area = g.areas.data?.find((a) => a.token === form.state)?.name[lang] ?? form.state;
  const city = g.cities.data?.find((c) => c.token === form.city)?.name[lang] ?? form.city;
  const isp = g.isps.find((i) => String(i.asn) === form.asn);
  const place = [
    form.country ? [city, area, country].filter(Boolean).join(', ') : t('uc.proxy.anyCountry'),
    form.postcode.trim() ? t('uc.proxy.listLink.zip', { zip: form.postcode.trim() }) : '',
    isp ? `${(lang === 'zh-CN' && isp.nameZh) || isp.name} (AS${isp.asn})` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const session =
    form.session === 'rotating'
      ? t('uc.proxy.session.rotating')
      : t(`uc.proxy.listLink.session.${form.session}`, { minutes: form.minutes });
  const rows: [string, string][] = [
    ['uc.proxy.listLink.where', place],
    ['uc.proxy.session', session],
    ['uc.proxy.count', form.count],
    ['uc.proxy.format', form.format],
    ['uc.proxy.listLink.connect', `${form.protocol.toUpperCase()} · ${g.endpoint?.name[lang] ?? ''} — ${g.endpoint?.host ?? ''}`],
  ];
  return (
    <Box bg="bg.muted" borderRadius="l2" p={3} data-testid="proxy-list-link-settings">
      <Text fontSize="sm" fontWeight="medium" mb={2}>
        <FormattedMessage id="uc.proxy.listLink.settings" />
      </Text>
      <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap={4} rowGap={1}>
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {t(label)}
            </Text>
            <Text as="dd" wordBreak="break-word" mb={{ base: 1, sm: 0 }}>
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
