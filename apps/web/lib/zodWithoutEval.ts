import { z } from 'zod';

// The app's policy allows no eval (HTTP17). Zod compiles a fast path for object schemas with `new Function`
// where it may, and its probe for that is itself an eval the browser blocks and reports as a violation. Jitless,
// zod never probes and parses the plain way. Each entry (the page, the encoder's worker) imports this first,
// before any schema is made: zod decides when a schema is made.
z.config({ jitless: true });
