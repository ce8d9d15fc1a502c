import { holdSubmitsUntilInteractive } from './boot/held-submits.ts';
import { nativeLinksUntilInteractive } from './boot/native-links.ts';

// Before any of the app's code: a form submitted before hydration waits for the app's handler, and
// a link clicked before then is followed by the browser.
holdSubmitsUntilInteractive();
nativeLinksUntilInteractive();
// Async boundary: shared singletons (React, router, Chakra …) are negotiated with the remotes
// before any of them is evaluated.
import('./bootstrap');
