/**
 * A step of the first load's takeover (app-main.tsx TAKEOVER_STEPS, docs/adr/0036): importing
 * this evaluates zod's library (through src/lib/zod-jitless.ts, so the JIT is off first) in a task
 * of its own, before the contract schemas are built with it in the next step. It names one builder
 * only: a dynamic import of zod itself would keep all of zod in the build.
 */
export { string as zodString } from 'zod';
