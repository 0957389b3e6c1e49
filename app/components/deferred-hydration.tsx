/**
 * A part of a page the server renders in full and the browser hydrates later, from its own chunk,
 * once the shopper is about to use it (docs/decisions/039-code-on-first-use.md): on the first
 * focus, pointer, touch, key or input inside it, when the page is scrolled and it comes near the
 * viewport, or as soon as anything else on the page changes the router's state. Until then it is the server's markup: links follow,
 * a form posts as it does without JavaScript, and whatever is typed into it stays in the fields
 * (hydration keeps the DOM, and with it the fields' values and the focus). A form sent before
 * the code came is held, and sent once it has: checked and sent as at any other time.
 *
 * Mounted in the browser (a page reached by a link in the app), the chunk loads at once, as any
 * lazy component's.
 */
import { lazy, memo, Suspense, useContext, useEffect, useRef, useState } from "react";
import type { ComponentType } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { useHydrated } from "~/app/lib/use-hydrated";

/**
 * The events that mean the shopper is about to use the part. Listened for on the window in the
 * capture phase: until it is hydrated, React stops these at the document (it queues them for
 * the part), so a listener inside would never hear them.
 */
const INTERACTIONS = [
  "focusin",
  "pointerover",
  "pointerdown",
  "touchstart",
  "keydown",
  "input",
] as const;

/**
 * One part's way to its code: `open` asks for it (once), `ready` runs when the part has hydrated,
 * `failed` when its code could not be loaded.
 */
type Waiting = {
  opened: Promise<void>;
  open: () => void;
  ready: boolean;
  onReady: () => void;
  onFailed: () => void;
};

function waiting(open: boolean): Waiting {
  let resolve = () => {};
  const opened = open ? Promise.resolve() : new Promise<void>((r) => (resolve = r));
  return { opened, open: () => resolve(), ready: open, onReady() {}, onFailed() {} };
}

/**
 * Tells the hydrated part what was typed into it before: hydration keeps the fields' values, but
 * a part keeping them in its state (a calculator) still holds the server's. Each field whose value
 * is not its default is set again the way typing sets it (an input event; a click for a checkbox
 * or radio; a change event for a select), so the part's change handlers see it. The caret stays.
 */
function replayTyped(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLElement>("input, textarea, select")) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected))
        field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
      // A radio chosen: the one it replaced follows by itself.
      const chosen = field.type === "radio" ? field.checked : true;
      if (chosen && field.checked !== field.defaultChecked) {
        field.checked = !field.checked;
        field.click();
      }
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.type === "file" || field.value === field.defaultValue) continue;
      const typed = field.value;
      const focused = document.activeElement === field;
      const [start, end] = focused ? [field.selectionStart, field.selectionEnd] : [null, null];
      // The element's own setter (which React watches) takes the default, the prototype's puts
      // back what was typed: the input event then carries a change.
      field.value = field.defaultValue;
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      if (focused && start !== null) {
        try {
          field.setSelectionRange(start, end);
        } catch {
          // A field without a caret (email, number): nothing to keep.
        }
      }
    }
  }
}

/** Whether any part of the router's state is another than it was (not merely a copy). */
function changed(state: object | null, first: object | null): boolean {
  if (state === first || !state || !first) return false;
  const now = state as Record<string, unknown>;
  const before = first as Record<string, unknown>;
  return Object.keys(now).some((key) => now[key] !== before[key]);
}

export type DeferredOptions = {
  /** How near the viewport counts as about to be seen (an IntersectionObserver rootMargin). */
  rootMargin: string;
};

/**
 * A component rendering `load`'s component inside a plain `<div>` that waits for first use to
 * hydrate. Its props must keep their identity between renders (a primitive, loader data): a new
 * prop makes React render the part before it is hydrated.
 */
export function deferredHydration<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: DeferredOptions,
): ComponentType<P & { className?: string }> {
  // The boundary re-renders only when a prop changes: a render of a part that is not hydrated
  // yet replaces the server's markup.
  const Boundary = memo(function Boundary({
    part: Part,
    ...props
  }: { part: ComponentType<P> } & P) {
    return (
      <Suspense fallback={null}>
        <Part {...(props as P)} />
      </Suspense>
    );
  });

  // On the server, and on a page the browser renders itself, the part loads at once: one lazy
  // component for all of them, so that once loaded it renders in place (a server render does not
  // stream it apart from the page).
  const AtOnce = lazy(() => load().then((component) => ({ default: component })));

  function Deferred({ className, ...props }: P & { className?: string }) {
    const hydrated = useHydrated();
    const [{ wait, Part }] = useState(() => {
      if (hydrated || typeof document === "undefined") return { wait: waiting(true), Part: AtOnce };
      const wait = waiting(false);
      const Part = lazy(() =>
        wait.opened
          .then(load)
          .then((Loaded) => ({
            default: function Hydrated(partProps: P) {
              // After the part's own effects: it is hydrated and listening.
              useEffect(() => {
                wait.ready = true;
                wait.onReady();
              }, []);
              return <Loaded {...partProps} />;
            },
          }))
          .catch((error: unknown) => {
            wait.onFailed();
            throw error;
          }),
      );
      return { wait, Part };
    });
    const ref = useRef<HTMLDivElement>(null);

    // A change of the router's state (a navigation, a fetcher, a revalidation) renders every part
    // under the router, this one too: React can render a part that is not hydrated only by
    // hydrating it first, and holds the update until it can. So the part's code is asked for now,
    // in this render. A state copied with nothing changed (the router's discovery of the routes
    // the page links to) changes nothing here: the part keeps waiting, and so does that update,
    // which shows nothing.
    const routerState = useContext(UNSAFE_DataRouterStateContext);
    const firstRouterState = useRef(routerState);
    if (changed(routerState, firstRouterState.current)) wait.open();

    useEffect(() => {
      const element = ref.current;
      if (!element || wait.ready) return;
      const onEvent = (event: Event) => {
        if (event.target instanceof Node && element.contains(event.target)) start();
      };
      // A form sent before its code came is held and sent again once the part is hydrated, so it
      // is checked and sent as any other time (or, if the code cannot be loaded, as without it).
      let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
      const onSubmit = (event: SubmitEvent) => {
        const form = event.target;
        if (wait.ready || !(form instanceof HTMLFormElement) || !element.contains(form)) return;
        event.preventDefault();
        held = { form, submitter: event.submitter };
        start();
      };
      const sendHeld = () => {
        window.removeEventListener("submit", onSubmit, true);
        const form = held?.form;
        const submitter = held?.submitter;
        held = null;
        if (form?.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
      };
      wait.onReady = () => {
        replayTyped(element);
        sendHeld();
      };
      wait.onFailed = sendHeld;
      const observer =
        typeof IntersectionObserver === "function"
          ? new IntersectionObserver(
              (entries) => {
                if (entries.some((entry) => entry.isIntersecting)) start();
              },
              { rootMargin: options.rootMargin },
            )
          : null;
      // Near the viewport once the page scrolls: a part that merely shows at the page's edge on
      // load waits for the pointer, the focus or a scroll.
      const observe = () => (observer ? observer.observe(element) : start());
      function stop() {
        for (const type of INTERACTIONS) window.removeEventListener(type, onEvent, true);
        window.removeEventListener("scroll", observe);
        observer?.disconnect();
      }
      function start() {
        stop();
        wait.open();
      }
      window.addEventListener("submit", onSubmit, true);
      // Focused before the page's script ran (a shopper quick to the form).
      if (document.activeElement && element.contains(document.activeElement)) start();
      else {
        for (const type of INTERACTIONS)
          window.addEventListener(type, onEvent, { capture: true, passive: true });
        if (window.scrollY > 0) observe();
        else window.addEventListener("scroll", observe, { once: true, passive: true });
      }
      return () => {
        stop();
        window.removeEventListener("submit", onSubmit, true);
        wait.onReady = wait.onFailed = () => {};
      };
    }, [wait]);

    return (
      <div ref={ref} className={className}>
        <Boundary part={Part} {...(props as P)} />
      </div>
    );
  }
  return Deferred;
}
