/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives: the peer lead
 * delivery talks to in tests. It can be taken down (connections refused) and brought back on
 * the same port, or made to hold messages before answering (to kill a sender mid-delivery).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  raw: string;
  leadId: string | null;
  messageId: string | null;
  to: string[];
  subject: string | null;
};

function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match ? match[1]!.trim() : null;
}

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  port = 0;
  /** Milliseconds to wait before accepting each message's data. */
  holdMs = 0;
  /** Messages whose data has arrived but which are not yet accepted (held). */
  inFlight = 0;
  /** Recipients answered '550 mailbox unavailable' (a bouncing address), while this says so. */
  refuseRecipient: ((address: string) => boolean) | null = null;
  #server: SMTPServer | null = null;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      size: 30 * 1024 * 1024,
      // Going down closes open connections at once (a pooled client may hold one).
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) => {
        if (!this.refuseRecipient?.(address.address)) return callback();
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const accept = () => {
            this.inFlight -= 1;
            this.messages.push({
              raw,
              leadId: header(raw, "X-Lead-Id"),
              messageId: header(raw, "Message-ID"),
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: header(raw, "Subject"),
            });
            callback();
          };
          this.inFlight += 1;
          if (this.holdMs > 0) setTimeout(accept, this.holdMs);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    server.on("error", () => undefined);
    this.#server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** Takes the server down: new connections are refused until start(port) again. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  countsByLead(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const m of this.messages)
      if (m.leadId) counts.set(m.leadId, (counts.get(m.leadId) ?? 0) + 1);
    return counts;
  }

  async waitFor(predicate: () => boolean, timeoutMs = 30_000, what = "mail"): Promise<void> {
    const started = Date.now();
    while (!predicate()) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out waiting for ${what} (${this.messages.length} received)`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
