/**
 * `GET /metrics` on the platform host (never on a dealer's domain): the process's memory and
 * every in-process cache's size against its budget, in Prometheus' text format, so a node's
 * memory can be watched and alerted on (docs/deployment.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CacheStats } from "../bounded-cache";

export type MetricsSource = {
  /** Whether the request's Host is the platform's own. */
  isPlatformHost(host: string | undefined): boolean;
  caches(): Record<string, CacheStats>;
};

export function metricsText(caches: Record<string, CacheStats>): string {
  const memory = process.memoryUsage();
  const lines = [
    "# HELP process_resident_memory_bytes Resident memory size in bytes.",
    "# TYPE process_resident_memory_bytes gauge",
    `process_resident_memory_bytes ${memory.rss}`,
    "# HELP nodejs_heap_used_bytes V8 heap in use, in bytes.",
    "# TYPE nodejs_heap_used_bytes gauge",
    `nodejs_heap_used_bytes ${memory.heapUsed}`,
    "# HELP nodejs_external_memory_bytes Memory of buffers and other objects outside the V8 heap.",
    "# TYPE nodejs_external_memory_bytes gauge",
    `nodejs_external_memory_bytes ${memory.external + memory.arrayBuffers}`,
  ];
  const series: Array<[string, string, string, keyof CacheStats]> = [
    ["cache_bytes", "gauge", "Bytes held by the cache.", "bytes"],
    ["cache_max_bytes", "gauge", "The cache's byte budget.", "maxBytes"],
    ["cache_entries", "gauge", "Entries in the cache.", "entries"],
    ["cache_hits_total", "counter", "Lookups answered by the cache.", "hits"],
    ["cache_misses_total", "counter", "Lookups the cache could not answer.", "misses"],
    ["cache_evictions_total", "counter", "Entries dropped to stay within budget.", "evictions"],
  ];
  for (const [name, type, help, field] of series) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [cache, stats] of Object.entries(caches)) {
      const value = stats[field];
      lines.push(`${name}{cache="${cache}"} ${Number.isFinite(value) ? value : "+Inf"}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Answers `GET /metrics` on the platform host; false for any other request. */
export function handleMetrics(
  source: MetricsSource,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") return false;
  if (!source.isPlatformHost(req.headers.host)) return false;
  res.writeHead(200, {
    "content-type": "text/plain; version=0.0.4; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(metricsText(source.caches()));
  return true;
}
