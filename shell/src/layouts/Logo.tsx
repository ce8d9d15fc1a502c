import { HStack, Image, Text } from '@portal/shared/chakra';
import { useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { useLocalized, useSubstation } from '../support/useSubstation.ts';

/** The substation's logo and name (they follow the host, decision 0027); the default brand until loaded. */
export function Logo() {
  const to = useLocalePath();
  const intl = useIntl();
  const site = useSubstation();
  const localized = useLocalized();
  return (
    // A long substation name on a phone gives way (ellipsis) to the header's buttons, never under them.
    <Link to={to('/')} style={{ minWidth: 0 }}>
      <HStack gap={2} minW={0}>
        <Image src={site?.logoUrl ?? '/logo.svg'} alt="" boxSize={8} flexShrink={0} />
        <Text fontWeight="bold" fontSize={{ base: 'md', sm: 'lg' }} color="fg" data-testid="site-name" truncate>
          {site ? localized(site.name) : intl.formatMessage({ id: 'site.name' })}
        </Text>
      </HStack>
    </Link>
  );
}
