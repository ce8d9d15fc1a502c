/**
 * The Chakra UI the portal uses, and only that: every app imports Chakra from here
 * (`@portal/shared/chakra`), never from '@chakra-ui/react' (Biome and a unit test refuse it).
 *
 * Why: a Module Federation shared module keeps every export of what it shares, because any remote
 * might use any of them. Sharing '@chakra-ui/react' itself put all of Chakra (≈90 components, date
 * pickers, colour pickers, carousels, the full recipe set) into one 1.1 MB chunk that every first
 * visit downloaded. Sharing this list instead lets the bundler drop the rest; it stays one singleton
 * (one ChakraProvider context, one emotion cache) like before.
 *
 * This list holds what the public pages render at first paint; form controls, dialogs, drawers, tabs
 * and tooltips are in `./chakra-deferred.ts` (`@portal/shared/chakra/deferred`), a second singleton
 * the home page never loads.
 *
 * Adding a component: export it here (or there, if a public page does not need it at first paint)
 * and, if it has a recipe, add the recipe in theme.ts (theme.test.ts says which one). Like any
 * change to a shared singleton, the shell provides it: a remote that uses a newly added export needs
 * a shell build with it (docs/decisions/0016-first-load-weight.md).
 */
export {
  Accordion,
  Alert,
  Badge,
  Box,
  type BoxProps,
  Breadcrumb,
  Button,
  type ButtonProps,
  Card,
  ChakraProvider,
  CloseButton,
  Code,
  Container,
  DataList,
  EmptyState,
  Flex,
  HStack,
  Heading,
  IconButton,
  Image,
  Link,
  LinkBox,
  LinkOverlay,
  List,
  Menu,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  SkipNavLink,
  Spacer,
  Spinner,
  Stack,
  Table,
  Text,
  Toast,
  Toaster,
  VStack,
  VisuallyHidden,
  Wrap,
  createToaster,
} from '@chakra-ui/react';
