import { Badge, Box, Button, Card, Container, Heading, List, SimpleGrid, Stack } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageHeader, useLocalePath } from '@portal/shared/ui';
import { StatusBadge } from './StatusBadge.tsx';
import { isLocked, useCertification } from './useCertification.ts';

const KINDS = [
  {
    key: 'personal',
    path: '/admin/auth/personal',
    type: 0,
    perks: ['uc.cert.personal.perk1', 'uc.cert.personal.perk2', 'uc.cert.personal.perk3'],
  },
  {
    key: 'company',
    path: '/admin/auth/company',
    type: 1,
    perks: ['uc.cert.company.perk1', 'uc.cert.company.perk2', 'uc.cert.company.perk3'],
  },
] as const;

/** /admin/auth: personal or enterprise, with what each unlocks. */
export default function CertificationChoicePage() {
  const to = useLocalePath();
  const { status, type } = useCertification();
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="uc.auth.title" descriptionId="uc.cert.policy" gap={2}>
          <Box>
            <StatusBadge status={status} />
          </Box>
        </PageHeader>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
          {KINDS.map((kind) => {
            const current = type === kind.type && status !== 0;
            return (
              <Card.Root key={kind.key} borderColor={current ? 'brand.solid' : undefined} borderWidth={current ? '2px' : '1px'}>
                <Card.Header>
                  <Stack direction="row" justify="space-between" align="center">
                    <Heading as="h2" size="lg">
                      <FormattedMessage id={`uc.cert.${kind.key}.name`} />
                    </Heading>
                    <Badge colorPalette={kind.type === 0 ? 'green' : 'blue'}>
                      <FormattedMessage id={`uc.cert.${kind.key}.speed`} />
                    </Badge>
                  </Stack>
                </Card.Header>
                <Card.Body>
                  <List.Root gap={2} ps={4}>
                    {kind.perks.map((perk) => (
                      <List.Item key={perk}>
                        <FormattedMessage id={perk} />
                      </List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
                <Card.Footer>
                  <Button asChild colorPalette="brand" variant={current || isLocked(status) ? 'outline' : 'solid'}>
                    <Link to={to(kind.path)}>
                      <FormattedMessage id={current || isLocked(status) ? 'uc.cert.view' : `uc.cert.${kind.key}.start`} />
                    </Link>
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
