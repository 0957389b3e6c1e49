/**
 * Change notifications: "this site's stock / content / settings changed". Subscribers are the
 * search index, the site registry and the page cache. On PostgreSQL the bus also uses
 * LISTEN/NOTIFY so that every server process sharing the database learns about a change.
 */
import { EventEmitter } from "node:events";
import type pg from "pg";

/** What a write announces: one site's stock, content or settings changed. */
export type SiteChange =
  | { kind: "vehicle"; siteId: number; ids: number[]; deleted?: boolean }
  | { kind: "content"; siteId: number }
  | { kind: "settings"; siteId: number };

export type Change =
  | SiteChange
  /**
   * This process could not hear the others for a while (its listening connection broke): any
   * site may have changed meanwhile, so everything is read again. Announced here only.
   */
  | { kind: "resync" };

const CHANNEL = "site_changes";

export class ChangeBus {
  readonly #emitter = new EventEmitter();
  #listener: pg.PoolClient | null = null;
  #stopped = false;
  #reconnect: NodeJS.Timeout | null = null;
  readonly #origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(private readonly pool: pg.Pool | null = null) {
    this.#emitter.setMaxListeners(50);
  }

  /** Starts listening for other processes' changes (PostgreSQL only). */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.#listen();
  }

  async #listen(): Promise<void> {
    if (!this.pool || this.#listener) return;
    const listener = await this.pool.connect();
    this.#listener = listener;
    listener.on("notification", (message) => {
      if (!message.payload) return;
      const { origin, change } = JSON.parse(message.payload) as { origin: string; change: Change };
      if (origin !== this.#origin) this.#emitter.emit("change", change);
    });
    // The listening connection broke (the database restarted or ended it): listen again on a
    // new one, every second until it works, instead of ending the process.
    listener.on("error", (error) => {
      if (this.#listener !== listener) return;
      this.#listener = null;
      listener.release(error);
      this.#listenAgainSoon();
    });
    await listener.query(`LISTEN ${CHANNEL}`);
  }

  #listenAgainSoon(): void {
    if (this.#stopped || this.#reconnect) return;
    this.#reconnect = setTimeout(() => {
      this.#reconnect = null;
      if (this.#stopped) return;
      this.#listen().then(
        // Changes announced while nobody listened are gone: read everything again.
        () => this.#emitter.emit("change", { kind: "resync" } satisfies Change),
        () => {
          this.#listener?.release(true);
          this.#listener = null;
          this.#listenAgainSoon();
        },
      );
    }, 1000);
    this.#reconnect.unref();
  }

  async publish(change: SiteChange): Promise<void> {
    this.#emitter.emit("change", change);
    if (this.pool) {
      await this.pool.query("SELECT pg_notify($1, $2)", [
        CHANNEL,
        JSON.stringify({ origin: this.#origin, change }),
      ]);
    }
  }

  subscribe(handler: (change: Change) => void | Promise<void>): () => void {
    const wrapped = (change: Change) => void handler(change);
    this.#emitter.on("change", wrapped);
    return () => this.#emitter.off("change", wrapped);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#reconnect = null;
    if (this.#listener) {
      await this.#listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      this.#listener.release();
      this.#listener = null;
    }
    this.#emitter.removeAllListeners();
  }
}
