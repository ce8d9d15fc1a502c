import { Badge, Box, Button, Card, Container, Heading, List, SimpleGrid, Stack } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { ContinueLink, PageHeader, useLocalePath, useReturnPath } from '@portal/shared/ui';
import { StatusBadge } from './StatusBadge.tsx';
import { type CertificationKind, isLocked, KIND_PATHS, useCertification } from './useCertification.ts';

/**
 * Each card offers two paths: the mainland one (ID card at once, credit code reviewed) and the one
 * for everyone else (a passport or other ID, a company registered elsewhere; both reviewed).
 */
const KINDS = [
  {
    key: 'personal',
    type: 0,
    perks: ['uc.certification.personal.perk1', 'uc.certification.personal.perk2', 'uc.certification.personal.perk3'],
    paths: [
      { kind: 'idCard', label: 'uc.certification.personal.startIdCard' },
      { kind: 'personDocument', label: 'uc.certification.personal.startDocument' },
    ],
  },
  {
    key: 'company',
    type: 1,
    perks: ['uc.certification.company.perk1', 'uc.certification.company.perk2', 'uc.certification.company.perk3'],
    paths: [
      { kind: 'enterprise', label: 'uc.certification.company.startMainland' },
      { kind: 'companyDocument', label: 'uc.certification.company.startOverseas' },
    ],
  },
] as const satisfies readonly {
  key: string;
  type: number;
  perks: readonly string[];
  paths: readonly { kind: CertificationKind; label: string }[];
}[];

/** /admin/auth: personal or enterprise, with what each unlocks, and the path that fits the visitor. */
export default function CertificationChoicePage() {
  const to = useLocalePath();
  const intl = useIntl();
  const { status, type, current } = useCertification();
  // Sent here by a "certify first" note: each path keeps the way back to that page.
  const { carry } = useReturnPath();
  // The path most visitors of the language take is the solid button: the mainland one in Chinese.
  const primary = (index: number) => (intl.locale === 'en' ? index === 1 : index === 0);
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.certification" descriptionId="uc.certification.policy" gap={2}>
          <Box>
            <StatusBadge status={status} />
          </Box>
          {isLocked(status) ? <ContinueLink /> : null}
        </PageHeader>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
          {KINDS.map((kind) => {
            const mine = type === kind.type && status !== 0;
            return (
              <Card.Root key={kind.key} borderColor={mine ? 'brand.solid' : undefined} borderWidth={mine ? '2px' : '1px'}>
                <Card.Header>
                  <Stack direction="row" justify="space-between" align="center" flexWrap="wrap" gap={2}>
                    <Heading as="h2" size="lg">
                      <FormattedMessage id={`uc.certification.${kind.key}.name`} />
                    </Heading>
                    <Badge colorPalette={kind.type === 0 ? 'green' : 'blue'}>
                      <FormattedMessage id={`uc.certification.${kind.key}.speed`} />
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
                  <Stack w="full" gap={3}>
                    {current && mine && kind.paths.some((p) => p.kind === current) ? (
                      <Button asChild colorPalette="brand" variant="outline">
                        <Link to={carry(to(KIND_PATHS[current]))}>
                          <FormattedMessage id="uc.certification.view" />
                        </Link>
                      </Button>
                    ) : null}
                    {/* Nothing new while in review or after approval (SPEC section 4). */}
                    {isLocked(status)
                      ? null
                      : kind.paths.map((path, index) => (
                          <Button
                            key={path.kind}
                            asChild
                            colorPalette="brand"
                            variant={primary(index) ? 'solid' : 'outline'}
                            whiteSpace="normal"
                            textAlign="center"
                            h="auto"
                            minH="10"
                            py={2}
                          >
                            <Link to={carry(to(KIND_PATHS[path.kind]))}>
                              <FormattedMessage id={path.label} />
                            </Link>
                          </Button>
                        ))}
                  </Stack>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
