import { HStack, Image, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalePath } from '@portal/shared/ui';

export function Logo() {
  const to = useLocalePath();
  return (
    <Link to={to('/')}>
      <HStack gap={2}>
        <Image src="/logo.svg" alt="" boxSize={8} />
        <Text fontWeight="bold" fontSize="lg" color="fg">
          <FormattedMessage id="site.name" />
        </Text>
      </HStack>
    </Link>
  );
}
