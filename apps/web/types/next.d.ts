// What next-env.d.ts provides, minus its imports of generated `.next/types`: typecheck must pass on a fresh
// clone before any `next build` (next-env.d.ts is generated and git-ignored).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
