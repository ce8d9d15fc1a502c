/**
 * A build provides a shared module only if its own code imports it. The shell must provide every
 * singleton: one that only remotes import would otherwise be provided by whichever remote loads it
 * first, with that remote's own copies of what it imports (for the UI kit's form parts, a second
 * Chakra without the shell's ChakraProvider). Importing this module (bootstrap does) makes the
 * shell provide the singletons only remotes use; a unit test checks that the shell imports every
 * singleton somewhere.
 */
export function singletonsOnlyRemotesUse() {
  return [import('@portal/shared/ui/forms')];
}
