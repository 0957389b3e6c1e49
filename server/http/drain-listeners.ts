/**
 * `compression` hands `res.on('drain', …)` to its zlib stream but leaves `res.off` on the
 * response, so the `once('drain')` a streamed page render adds at every write the zlib stream
 * pushes back on stays on that stream until the response ends: dozens of dead listeners per
 * large page (and Node's MaxListenersExceededWarning). Mounted after `compression()`, this keeps
 * one real 'drain' listener per response and the callers' listeners in a set it owns, so
 * removing one removes it wherever compression put the real one.
 */
import type { RequestHandler } from "express";

type Listener = ((...args: unknown[]) => void) & { listener?: (...args: unknown[]) => void };

export function drainListenersKeptOnce(): RequestHandler {
  return (_req, res, next) => {
    const on = res.on.bind(res);
    const once = res.once.bind(res);
    const removeListener = res.removeListener.bind(res);
    const drains = new Set<Listener>();
    let attached = false;
    const add = (listener: Listener) => {
      if (!attached) {
        attached = true;
        on("drain", (...args: unknown[]) => {
          for (const l of [...drains]) l.apply(res, args);
        });
      }
      drains.add(listener);
    };

    res.on = res.addListener = function (event: string | symbol, listener: Listener) {
      if (event !== "drain") return on(event, listener);
      add(listener);
      return res;
    } as typeof res.on;
    res.once = function (event: string | symbol, listener: Listener) {
      if (event !== "drain") return once(event, listener);
      const wrapped: Listener = (...args) => {
        drains.delete(wrapped);
        listener.apply(res, args);
      };
      wrapped.listener = listener;
      add(wrapped);
      return res;
    } as typeof res.once;
    res.off = res.removeListener = function (event: string | symbol, listener: Listener) {
      if (event !== "drain") return removeListener(event, listener);
      for (const l of drains) {
        if (l === listener || l.listener === listener) {
          drains.delete(l);
          break;
        }
      }
      return res;
    } as typeof res.off;
    next();
  };
}
