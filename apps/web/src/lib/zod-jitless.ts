import { config, z } from 'zod/v4';

/**
 * The web build resolves `zod` to this file (vite.config.ts). Zod compiles object parsers with
 * `new Function` unless told not to, and first probes whether it may: under our CSP (no
 * 'unsafe-eval') the browser reports that probe as a Content-Security-Policy issue, which costs
 * the best-practices score. Turning the JIT off here runs before any contract schema is built,
 * whatever the chunking, because every schema module imports zod through this one. The API
 * (Node, no CSP) keeps the JIT.
 */
// Called as `config`, not `z.config`: the build takes calls on `z` for pure (vite.config.ts
// treeshake) and would drop this one, whose result nobody reads.
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
