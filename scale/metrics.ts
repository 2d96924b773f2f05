/**
 * What the simulated members saw: every call's latency and outcome, by operation kind.
 *
 * An outcome is one of
 * - `ok`: a 2xx answer;
 * - `refused`: a 4xx answer other than 429, i.e. the product said no with one of its error codes
 *   (a second open withdrawal, turnover not met, the member's other money operation running…):
 *   expected under this load, listed, never a failure by itself;
 * - `error`: no answer (connection reset when an API process was killed), a 429, or a 5xx (a 502
 *   or 503 from HAProxy while an API is down is expected and counted here).
 * The scale test fails on lost or duplicated money, never on these counts.
 */
export type Outcome = 'ok' | 'refused' | 'error';

export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 400 && status < 500 && status !== 429) return 'refused';
  return 'error';
}

interface KindFigures {
  latenciesMs: number[];
  ok: number;
  refused: number;
  error: number;
}

export class Metrics {
  readonly #kinds = new Map<string, KindFigures>();
  /** `kind status code` → count, for every answer that was not ok. */
  readonly #notOk = new Map<string, { kind: string; status: number; code: string; outcome: Outcome; count: number }>();
  /** Errors per second of the run (performance.now() seconds since `startedAt`). */
  readonly #errorsBySecond = new Map<number, number>();
  /** Where the error timeline starts (set when the load starts). */
  startedAt = performance.now();

  record(kind: string, latencyMs: number, status: number, code: string | undefined): Outcome {
    const figures = this.#kinds.get(kind) ?? { latenciesMs: [], ok: 0, refused: 0, error: 0 };
    this.#kinds.set(kind, figures);
    const outcome = outcomeOf(status);
    figures[outcome] += 1;
    figures.latenciesMs.push(latencyMs);
    if (outcome === 'error') {
      const second = Math.floor((performance.now() - this.startedAt) / 1_000);
      this.#errorsBySecond.set(second, (this.#errorsBySecond.get(second) ?? 0) + 1);
    }
    if (outcome !== 'ok') {
      const shownCode = code ?? (status === 0 ? 'NO_ANSWER' : '-');
      const key = `${kind} ${status} ${shownCode}`;
      const entry = this.#notOk.get(key) ?? { kind, status, code: shownCode, outcome, count: 0 };
      entry.count += 1;
      this.#notOk.set(key, entry);
    }
    return outcome;
  }

  countOf(kind: string, outcome: Outcome): number {
    return this.#kinds.get(kind)?.[outcome] ?? 0;
  }

  /** One row per kind: counts and latency percentiles (nearest rank), sorted by kind. */
  rows(): Array<{ kind: string; ok: number; refused: number; error: number; p50Ms: number; p99Ms: number; maxMs: number }> {
    return [...this.#kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, figures]) => {
        const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
        return { kind, ok: figures.ok, refused: figures.refused, error: figures.error, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), maxMs: sorted.at(-1) ?? 0 };
      });
  }

  notOkRows() {
    return [...this.#notOk.values()].sort((a, b) => a.kind.localeCompare(b.kind) || b.count - a.count);
  }

  /** [second of the run, errors in it], in time order. */
  errorTimeline(): Array<[number, number]> {
    return [...this.#errorsBySecond.entries()].sort(([a], [b]) => a - b);
  }

  totalCalls(): number {
    return [...this.#kinds.values()].reduce((sum, figures) => sum + figures.ok + figures.refused + figures.error, 0);
  }
}

/** Nearest-rank percentile of an ascending list (0 for an empty one). */
export function percentile(sortedAscending: readonly number[], fraction: number): number {
  if (sortedAscending.length === 0) return 0;
  const rank = Math.min(sortedAscending.length, Math.max(1, Math.ceil(fraction * sortedAscending.length)));
  return sortedAscending[rank - 1] ?? 0;
}
