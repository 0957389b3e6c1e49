/**
 * The Redis connection of a web node (REDIS_URL), for what nodes share: the per-client limits
 * (server/http/rate-limiter.ts). Commands fail at once while it is disconnected instead of
 * queueing, so a request never waits on Redis; ioredis reconnects in the background.
 */
import { Redis } from "ioredis";
import type { Logger } from "pino";

/** Connects, waiting up to `waitMs` for the connection so that the first requests count in Redis. */
export async function openRedis(url: string, logger: Logger, waitMs = 2_000): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  // ioredis repeats the error on every reconnect attempt: log the first of each outage.
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(
      { err: error },
      "Redis unreachable: each node counts the per-client limits alone until it is back",
    );
  });
  redis.on("ready", () => {
    if (down) logger.info("Redis reachable again");
    down = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
