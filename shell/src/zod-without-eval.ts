import { z } from 'zod';

// Zod compiles object schemas with `Function(...)` unless told not to, and its feature probe alone
// is a violation of the portal's CSP, which allows no eval (docs/decisions/0013). The shared zod
// singleton (the remotes' too) validates without that JIT. Imported first by bootstrap.tsx, before
// @portal/shared builds (and parses) its schemas.
z.config({ jitless: true });
