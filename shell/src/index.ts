import { afterFirstPaint } from './boot/schedule.ts';

// Async boundary: shared singletons (React, router, Chakra …) are negotiated with the remotes
// before any of them is evaluated. The server's markup is painted first (decision 0036): the app's
// code is neither fetched nor evaluated before that frame.
void afterFirstPaint().then(() => import('./bootstrap'));
