import { afterFirstPaint, nextTask } from './boot/schedule.ts';

// Async boundary: shared singletons (React, router, Chakra …) are negotiated with the remotes
// before any of them is evaluated. The server's markup is painted first, and the heaviest shared
// modules are evaluated one per task, so the boot is several tasks instead of one long one
// (decision 0036). zod is configured before anything builds a schema.
void (async () => {
  await afterFirstPaint();
  await import('./zod-without-eval.ts');
  await import('@portal/shared');
  await nextTask();
  await import('@portal/shared/chakra');
  await nextTask();
  await import('@portal/shared/ui');
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('react-router');
  await nextTask();
  await Promise.all([import('@tanstack/react-query'), import('react-intl'), import('@portal/shared/browser')]);
  await nextTask();
  await import('./bootstrap');
})();
