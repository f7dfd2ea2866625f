import { setImmediate } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** How long statements may run back to back before the event loop gets a turn. */
const SLICE_MS = 1;

/**
 * PGlite runs each statement on the event loop's own thread and hands its lock to the next
 * waiting statement in a microtask, so the statements of many requests at once run back to back
 * and nothing else (a new request, a health check) is answered until all are done: a class
 * answering flags together held `/healthz` for 80 ms. Here statements run back to back for at
 * most SLICE_MS; the next one waits for the loop's next turn, which lets the waiting I/O in.
 */
export class FairPGlite extends PGlite {
  #sliceEnds = 0;

  async #turn(): Promise<void> {
    if (performance.now() < this.#sliceEnds) return;
    await setImmediate();
    this.#sliceEnds = performance.now() + SLICE_MS;
  }

  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await this.#turn();
    return super.query<T>(query, params, options);
  }

  override async exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    await this.#turn();
    return super.exec(query, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.#turn();
    return super.transaction(callback);
  }
}
