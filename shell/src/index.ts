import { holdSubmitsUntilInteractive } from './boot/held-submits.ts';

// Before any of the app's code: a form submitted before hydration waits for the app's handler.
holdSubmitsUntilInteractive();
// Async boundary: shared singletons (React, router, Chakra …) are negotiated with the remotes
// before any of them is evaluated.
import('./bootstrap');
