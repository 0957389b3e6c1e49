/**
 * Readiness for a load balancer. `/readyz` answers 503 until the node can serve pages (the
 * database migrated and answering, the search index built), 200 while it can, and 503 again
 * from the moment it starts shutting down, so the balancer sends nothing new while it drains.
 * `/healthz` is liveness: 200 whenever the process answers at all (a balancer that restarts
 * nodes must use it, never `/readyz`, or a slow start turns into a restart loop).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export type ReadinessState = "starting" | "ready" | "draining";

/** How long the database may take to answer a readiness probe. */
const PING_TIMEOUT_MS = 2_000;

export class Readiness {
  #state: ReadinessState = "starting";
  #ping: (() => Promise<unknown>) | null = null;

  get state(): ReadinessState {
    return this.#state;
  }

  /** The node serves pages; `ping` asks the database whether it answers. */
  ready(ping: () => Promise<unknown>): void {
    this.#ping = ping;
    if (this.#state === "starting") this.#state = "ready";
  }

  draining(): void {
    this.#state = "draining";
  }

  /** 200 when the node is ready and its database answers, else 503 with the reason. */
  async check(): Promise<{ ready: boolean; status: string }> {
    if (this.#state !== "ready" || !this.#ping) return { ready: false, status: this.#state };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.#ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), PING_TIMEOUT_MS);
        }),
      ]);
      return { ready: true, status: "ready" };
    } catch {
      return { ready: false, status: "database unreachable" };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Answers `/readyz` (any host), and while the node is starting also `/healthz` and every other
   * request (503 with Retry-After). Returns false for requests the application should answer.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/readyz") {
      void this.check().then(({ ready, status }) => send(res, ready ? 200 : 503, { status }));
      return true;
    }
    if (this.#state !== "starting") return false;
    if (path === "/healthz") send(res, 200, { status: "starting" });
    else {
      res.setHeader("retry-after", "5");
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
      res.end("The server is starting. Please try again in a few seconds.");
    }
    return true;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}
