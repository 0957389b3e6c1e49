/**
 * Group commit: writes that arrive while a batch is being written wait and go together in the
 * next one (one transaction, shared multi-row statements), each answered only after its batch
 * committed. A batch starts on the event loop's next turn, with every write submitted by then.
 *
 * A batch that fails is split in halves and each half written again, down to single writes: a
 * write that cannot be stored fails alone, with its own error, and the others of its batch are
 * stored as if it had not been there. `write` must therefore leave nothing behind when it throws
 * (run it in one transaction).
 */
export type GroupCommitOptions<Item, Result> = {
  /** Writes these items in one transaction; answers one result per item, in order. */
  write: (items: Item[]) => Promise<Result[]>;
  /** The most items in one batch. */
  maxBatch: number;
  /** Batches written at the same time (1 where the database has one connection). */
  concurrency: number;
  /**
   * Keys an item may share with no other item of its batch (a repeat of a submission waits for
   * the batch holding the first to commit, then finds it as if sent after it).
   */
  keysOf?: (item: Item) => readonly string[];
};

type Waiting<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

export class GroupCommit<Item, Result> {
  readonly #queue: Array<Waiting<Item, Result>> = [];
  #running = 0;
  #scheduled = false;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {}

  /** Resolves with the item's result once its batch committed. */
  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#next();
    });
  }

  /**
   * Starts batches on the next turn of the event loop, not at once: PGlite answers without
   * waiting for I/O, so a transaction started at once would run before the requests already
   * received reach it, and every batch would hold one write.
   */
  #next(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#start();
    });
  }

  #start(): void {
    while (this.#running < this.options.concurrency && this.#queue.length > 0) {
      const batch = this.#take();
      this.#running += 1;
      void this.#write(batch).finally(() => {
        this.#running -= 1;
        this.#next();
      });
    }
  }

  /** The next batch: the oldest waiting items, skipping ones whose key is already in it. */
  #take(): Array<Waiting<Item, Result>> {
    const { maxBatch, keysOf } = this.options;
    if (!keysOf) return this.#queue.splice(0, maxBatch);
    const batch: Array<Waiting<Item, Result>> = [];
    const taken = new Set<string>();
    for (let i = 0; i < this.#queue.length && batch.length < maxBatch;) {
      const waiting = this.#queue[i]!;
      const keys = keysOf(waiting.item);
      if (keys.some((k) => taken.has(k))) {
        i += 1;
        continue;
      }
      for (const k of keys) taken.add(k);
      batch.push(waiting);
      this.#queue.splice(i, 1);
    }
    return batch;
  }

  async #write(batch: Array<Waiting<Item, Result>>): Promise<void> {
    let results: Result[];
    try {
      results = await this.options.write(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.#write(batch.slice(0, half));
      await this.#write(batch.slice(half));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }
}

/**
 * Between the statements of a batch: one turn of the event loop where the database answers
 * without waiting for I/O (PGlite runs in this thread, so a whole transaction would otherwise
 * run in one turn). Node takes in one new connection per turn of its event loop, and reads the
 * requests that arrived, only between turns: without these turns, a burst on new connections is
 * taken in one connection per batch, and its last leads wait for dozens of batches of one
 * (decision 036). Where the database is across the network, its answers are turns already.
 */
export function turnsBetweenStatements(take: boolean): () => Promise<void> {
  return take ? nextTurn : noTurn;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const noTurn = () => Promise.resolve();
