/**
 * A part of a page the server renders in full and the browser makes live, from its own chunk,
 * once the shopper is about to use it (docs/decisions/039-vehicle-page-parts-on-first-use.md):
 * on the first focus, pointer, touch, key or input inside it, or when the page is scrolled and
 * it comes near the viewport.
 *
 * Until then the browser keeps the server's markup as the server sent it: the part's element is
 * one whose content React does not manage (an empty `dangerouslySetInnerHTML`, which hydration
 * leaves as it finds it and no later render touches). No update of the page can take it away,
 * as an update can a Suspense boundary still waiting to hydrate. Links follow, a form posts as it
 * does without JavaScript, and what is typed stays in the fields.
 *
 * Once the code has come the part is rendered afresh in its place, in one task: what was typed
 * is set into it the way typing sets it (so its change handlers see it), and the focus and caret
 * move with it. A form sent before is held and sent once the part is live, checked as at any
 * other time (or, if the code cannot be loaded, posted as without JavaScript).
 *
 * Mounted in the browser (a page reached by a link in the app), the part loads at once.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { ComponentType } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "~/app/lib/use-hydrated";

/**
 * The events that mean the shopper is about to use the part, heard on the window in the capture
 * phase (the part's markup has no listeners of its own until it is live).
 */
const INTERACTIONS = [
  "focusin",
  "pointerover",
  "pointerdown",
  "touchstart",
  "keydown",
  "input",
] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the shopper did to the server's markup: each field they changed (the others are the live
 * part's to fill, e.g. from the garage's saved details), and where the focus was.
 */
type Typed = {
  fields: { field: Field; value: string; checked: boolean; selected: string[] }[];
  focused: { field: Field; start: number | null; end: number | null } | null;
};

function fieldsOf(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>("input, textarea, select")];
}

function typedInto(root: HTMLElement): Typed {
  const active = document.activeElement;
  let focused: Typed["focused"] = null;
  const fields = fieldsOf(root).flatMap((field) => {
    if (field === active) {
      const caret = field instanceof HTMLSelectElement ? null : caretOf(field);
      focused = { field, start: caret?.[0] ?? null, end: caret?.[1] ?? null };
    }
    if (!changedByShopper(field)) return [];
    return {
      field,
      value: field.value,
      checked: field instanceof HTMLInputElement && field.checked,
      selected:
        field instanceof HTMLSelectElement
          ? [...field.selectedOptions].map((option) => option.value)
          : [],
    };
  });
  return { fields, focused };
}

function changedByShopper(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** A field's selection, where it has one (an email or number field has none). */
function caretOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd ?? 0];
  } catch {
    return null;
  }
}

/** The live part's field standing for one of the server's: the same name (and value, for a choice). */
function counterpart(root: HTMLElement, field: Field): Field | null {
  if (!field.name) return null;
  const named = fieldsOf(root).filter((f) => f.name === field.name && f.type === field.type);
  if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))
    return named.find((f) => f.value === field.value) ?? null;
  return named[0] ?? null;
}

/**
 * Sets into the live part what was typed into the server's markup, the way typing sets it: the
 * element's own setter (which React watches) takes the live value, the prototype's puts the typed
 * one, then an input event; a click for a checkbox or radio; a change event for a select.
 */
function replayTyped(root: HTMLElement, typed: Typed) {
  for (const { field: old, value, checked, selected } of typed.fields) {
    const field = counterpart(root, old);
    if (!field || (field instanceof HTMLInputElement && field.type === "file")) continue;
    if (field instanceof HTMLSelectElement) {
      const now = [...field.selectedOptions].map((option) => option.value);
      if (now.join("\n") === selected.join("\n")) continue;
      for (const option of field.options) option.selected = selected.includes(option.value);
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
      if (field.checked === checked || (field.type === "radio" && !checked)) continue;
      field.click();
    } else if (field.value !== value) {
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
      // Anything but the typed value, so that React's onChange sees a change.
      field.value = value === "" ? " " : "";
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  if (typed.focused) {
    const field = counterpart(root, typed.focused.field);
    field?.focus({ preventScroll: true });
    const { start, end } = typed.focused;
    if (field && !(field instanceof HTMLSelectElement) && start !== null) {
      try {
        field.setSelectionRange(start, end);
      } catch {
        // A field without a caret: nothing to keep.
      }
    }
  }
}

export type FirstUseOptions = {
  /** How near the viewport counts as about to be seen (an IntersectionObserver rootMargin). */
  rootMargin: string;
};

/**
 * A component rendering `load`'s component inside a plain `<div>`: in full on the server, live
 * in the browser from the shopper's first use of it.
 */
export function partOnFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: FirstUseOptions,
): ComponentType<P & { className?: string }> {
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => (loading ??= load());
  // The server and a page the browser renders itself: one lazy component, loaded at once.
  const AtOnce = lazy(() => loadOnce().then((component) => ({ default: component })));

  function PartOnFirstUse({ className, ...props }: P & { className?: string }) {
    const hydrated = useHydrated();
    // The server's markup stays until `Live` is set: only while hydrating is there any.
    const [live, setLive] = useState<{ Part: ComponentType<P> } | null>(() =>
      hydrated || typeof document === "undefined" ? { Part: AtOnce } : null,
    );
    const ref = useRef<HTMLDivElement>(null);

    useEffect(() => {
      const element = ref.current;
      if (live || !element) return;
      let stopped = false;
      let pointerDown = false;
      let loaded: ComponentType<P> | null = null;
      // A form sent before the code came: sent again, by its live counterpart, once it has.
      let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

      function goLive() {
        if (stopped || !loaded || pointerDown || !element) return;
        stop();
        const typed = typedInto(element);
        const sent = held;
        const Part = loaded;
        flushSync(() => setLive({ Part }));
        const root = ref.current;
        if (!root) return;
        replayTyped(root, typed);
        if (sent) {
          const form = sent.form.id
            ? root.querySelector<HTMLFormElement>(`#${CSS.escape(sent.form.id)}`)
            : root.querySelector("form");
          const submitter = sent.submitter;
          const liveSubmitter =
            submitter instanceof HTMLButtonElement && form
              ? ([...form.querySelectorAll("button")].find(
                  (b) => b.name === submitter.name && b.value === submitter.value,
                ) ?? null)
              : null;
          form?.requestSubmit(liveSubmitter);
        }
      }
      function start() {
        for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
        window.removeEventListener("scroll", observe);
        observer?.disconnect();
        loadOnce().then(
          (component) => {
            loaded = component;
            goLive();
          },
          () => {
            // No code: the server's markup stays, and a held form posts as without JavaScript.
            stop();
            const sent = held;
            if (sent?.form.isConnected)
              sent.form.requestSubmit(sent.submitter?.isConnected ? sent.submitter : null);
          },
        );
      }
      function onInteraction(event: Event) {
        if (event.target instanceof Node && element!.contains(event.target)) start();
      }
      // Not live under a pressed pointer: the click it is about to give would find no button.
      function onPointerDown(event: Event) {
        if (event.target instanceof Node && element!.contains(event.target)) pointerDown = true;
      }
      function onPointerUp() {
        if (!pointerDown) return;
        // After the click that follows (and a form it sends, held).
        setTimeout(() => {
          pointerDown = false;
          goLive();
        });
      }
      function onSubmit(event: SubmitEvent) {
        const form = event.target;
        if (!(form instanceof HTMLFormElement) || !element!.contains(form)) return;
        event.preventDefault();
        held = { form, submitter: event.submitter };
        start();
      }
      const observer =
        typeof IntersectionObserver === "function"
          ? new IntersectionObserver(
              (entries) => {
                if (entries.some((entry) => entry.isIntersecting)) start();
              },
              { rootMargin: options.rootMargin },
            )
          : null;
      // Near the viewport once the page scrolls: a part merely showing at the page's edge on
      // load waits for the pointer, the focus or a scroll.
      function observe() {
        if (observer) observer.observe(element!);
        else start();
      }
      function stop() {
        stopped = true;
        for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
        window.removeEventListener("pointerdown", onPointerDown, true);
        window.removeEventListener("pointerup", onPointerUp, true);
        window.removeEventListener("pointercancel", onPointerUp, true);
        window.removeEventListener("submit", onSubmit, true);
        window.removeEventListener("scroll", observe);
        observer?.disconnect();
      }

      window.addEventListener("submit", onSubmit, true);
      window.addEventListener("pointerdown", onPointerDown, true);
      window.addEventListener("pointerup", onPointerUp, true);
      window.addEventListener("pointercancel", onPointerUp, true);
      // Focused before the page's script ran (a shopper quick to the form).
      if (document.activeElement && element.contains(document.activeElement)) start();
      else {
        for (const type of INTERACTIONS)
          window.addEventListener(type, onInteraction, { capture: true, passive: true });
        if (window.scrollY > 0) observe();
        else window.addEventListener("scroll", observe, { once: true, passive: true });
      }
      return stop;
    }, [live]);

    if (!live) {
      return (
        <div
          key="server"
          ref={ref}
          className={className}
          // Empty, and the same on every render: React leaves the server's markup in it alone.
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
        />
      );
    }
    const { Part } = live;
    const part = <Part {...(props as P)} />;
    return (
      <div key="live" ref={ref} className={className}>
        {typeof document === "undefined" ? (
          // No boundary on the server: the part is rendered in place, in the document's shell.
          // A Suspense boundary this size is sent out of line and shown by a script, so a
          // browser without JavaScript would never show it.
          part
        ) : (
          <Suspense fallback={null}>{part}</Suspense>
        )}
      </div>
    );
  }
  return PartOnFirstUse;
}
