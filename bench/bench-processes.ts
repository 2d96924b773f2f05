import os from 'node:os';
import { envInteger } from './env-integer.ts';

/**
 * The product's process counts for bench:http and bench:live (issue 16 §1: "`api` processes behind
 * the load balancer, and one worker"): `BENCH_APIS` (default one per core, at least 2, so the
 * balancer has a choice) and `BENCH_WORKERS` (default 1). The scale test keeps its own 3 + 2: it
 * kills one of each.
 */
export function benchProcesses(): { apis: number; workers: number } {
  return {
    apis: envInteger('BENCH_APIS', Math.max(2, os.availableParallelism()), 1, 16),
    workers: envInteger('BENCH_WORKERS', 1, 1, 8),
  };
}
