/**
 * Timers that hold a response (the fault modes of the sandbox bank's payouts and the game
 * partner's transfers). Every hold ends early when the server closes (`releaseAll` from a preClose
 * hook), so a held request never keeps the process alive or blocks `app.close()`.
 */
export class HeldResponses {
  readonly #holds = new Map<NodeJS.Timeout, () => void>();

  /** Resolves after `ms`, or at `releaseAll`, whichever comes first. */
  hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#holds.delete(timer);
        resolve();
      }, ms);
      this.#holds.set(timer, resolve);
    });
  }

  get count(): number {
    return this.#holds.size;
  }

  releaseAll(): void {
    for (const [timer, resolve] of this.#holds) {
      clearTimeout(timer);
      resolve();
    }
    this.#holds.clear();
  }
}
