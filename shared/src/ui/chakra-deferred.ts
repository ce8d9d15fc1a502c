/**
 * The Chakra components no public page shows at first paint: form controls, dialogs, drawers, tabs
 * and tooltips, each with its own state machine (≈130 kB of the 440 kB Chakra the portal uses). A
 * second shared singleton beside `./chakra.ts`, so the home page and the content pages never load
 * it; the first page or interaction that renders one of these loads it (login, /buy, the user
 * centre, opening the customer-service drawer or the security check).
 *
 * Both lists are built by the shell from the same Chakra modules, so they share one ChakraProvider
 * context; like `./chakra.ts` it is imported as `@portal/shared/chakra/deferred`, never from
 * '@chakra-ui/react'. Adding a component: see `./chakra.ts`.
 */
export {
  Checkbox,
  Clipboard,
  Dialog,
  Drawer,
  Field,
  Input,
  InputGroup,
  NativeSelect,
  NumberInput,
  RadioCard,
  RadioGroup,
  Switch,
  Tabs,
  Textarea,
  Tooltip,
} from '@chakra-ui/react';
