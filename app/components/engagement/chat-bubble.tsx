import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ANALYTICS_EVENT_IDS, chatMessageEventId } from "~/domain/analytics-events";
import { CHAT_BUBBLE_DELAY_MS, CHAT_OPEN_DELAY_MS, showChatBubble } from "~/domain/engagement";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { pushAnalyticsEvent } from "./analytics";
import { browserStorage } from "./browser-storage";
import { Modal } from "./modal";
import { loadScriptOnce } from "./third-party-scripts";
import { useHydrated } from "~/app/lib/use-hydrated";

const QuickMessageForm = lazy(() =>
  import("./quick-message-form").then((m) => ({ default: m.QuickMessageForm })),
);

/** Screens wide enough for the chat prompt beside the page's content (the sm breakpoint). */
const CHAT_PROMPT_MEDIA = "(min-width: 576px)";

/** The event vehicle cards and pages send to open chat; the launcher answers it. */
export const OPEN_CHAT_EVENT = "site:open-chat";

/** Opens the site's chat from elsewhere on the page; false when no launcher is there to answer. */
export function requestChatOpen(): boolean {
  return !window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT, { cancelable: true }));
}

export function chatBubbleClosedKey(siteSlug: string): string {
  return `chat-bubble-closed:${siteSlug}`;
}

/** Calls the global function at a dotted path (e.g. 'LiveChatWidget.call') with arguments. */
function callGlobal(path: string, args: readonly string[]): boolean {
  const parts = path.split(".");
  let owner: unknown = window;
  let target: unknown = window;
  for (const part of parts) {
    owner = target;
    target = (target as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof target !== "function") return false;
  (target as (...a: unknown[]) => unknown).apply(owner, [...args]);
  return true;
}

/**
 * Chat: a launcher button, and a prompt bubble that appears 3 s after load unless the visitor
 * closed it before (remembered per site). Opening chat loads the provider's widget and opens it
 * about 1.3 s later; with no provider configured it opens a 'leave a message' form that sends a
 * lead instead.
 */
export function ChatBubble() {
  const site = useSite();
  const t = useTemplate();
  const { settings } = site;
  const [bubble, setBubble] = useState(false);
  const hydrated = useHydrated();
  const [messageOpen, setMessageOpen] = useState(false);
  const [widgetState, setWidgetState] = useState<"idle" | "loading" | "failed">("idle");
  const timers = useRef<number[]>([]);
  // docs/product/analytics.md, "Chat events": 55 for the visitor's first message, 57 for later
  // ones.
  const chat = useRef({ openedAt: 0, messages: 0 });

  useEffect(() => {
    if (!settings.chatEnabled) return;
    const closedBefore = browserStorage.get(chatBubbleClosedKey(site.slug)) === "1";
    const started = performance.now();
    const timer = window.setTimeout(() => {
      // On a phone the prompt would sit over form fields and cards: the launcher alone stays.
      const roomForPrompt = window.matchMedia(CHAT_PROMPT_MEDIA).matches;
      setBubble(
        roomForPrompt && showChatBubble(settings, closedBefore, performance.now() - started),
      );
    }, CHAT_BUBBLE_DELAY_MS);
    const pending = timers.current;
    return () => {
      window.clearTimeout(timer);
      for (const id of pending) window.clearTimeout(id);
    };
  }, [settings, site.slug]);

  // 'Chat with us' on cards and vehicle pages: the same as pressing the launcher.
  const openChatRef = useRef<() => Promise<void>>(async () => {});
  useEffect(() => {
    if (!settings.chatEnabled) return;
    const onOpenRequest = (event: Event) => {
      event.preventDefault();
      void openChatRef.current();
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpenRequest);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpenRequest);
  }, [settings.chatEnabled]);
  useEffect(() => {
    openChatRef.current = openChat;
  });

  if (!settings.chatEnabled || !hydrated) return null;

  const onMessageSent = () => {
    const id = chatMessageEventId(
      chat.current.messages === 0,
      performance.now() - chat.current.openedAt,
    );
    chat.current.messages += 1;
    if (id !== null) pushAnalyticsEvent(id);
  };

  const closeBubble = () => {
    setBubble(false);
    browserStorage.set(chatBubbleClosedKey(site.slug), "1");
  };

  async function openChat() {
    setBubble(false);
    chat.current.openedAt = performance.now();
    pushAnalyticsEvent(ANALYTICS_EVENT_IDS.chatOpened);
    if (!settings.chatScriptUrl) {
      setMessageOpen(true);
      return;
    }
    setWidgetState("loading");
    try {
      await loadScriptOnce(settings.chatScriptUrl);
      // The widget sets itself up after its script runs; open it once it has.
      timers.current.push(
        window.setTimeout(() => {
          if (settings.chatOpenCall)
            callGlobal(settings.chatOpenCall.path, settings.chatOpenCall.args);
          setWidgetState("idle");
        }, CHAT_OPEN_DELAY_MS),
      );
    } catch {
      // The provider is unreachable: the visitor can still leave a message.
      setWidgetState("failed");
      setMessageOpen(true);
    }
  }

  return (
    // On phones a dock across the screen's foot (app/app.css keeps the page clear of it); from
    // the sm breakpoint up a button in the corner, with the prompt above it.
    <div className="chat-launcher no-print fixed inset-x-0 bottom-0 z-40 flex min-h-16 flex-col items-end justify-center gap-3 border-t border-slate-200 bg-white px-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:min-h-0 sm:border-0 sm:bg-transparent sm:px-0">
      {bubble && (
        <div className="relative max-w-xs rounded-site border border-slate-200 bg-white p-4 pr-12 text-slate-900 shadow-lg">
          <p className="text-sm" aria-live="polite">
            {settings.chatPromptText}
          </p>
          <button
            type="button"
            onClick={closeBubble}
            className="absolute top-1 right-1 inline-flex size-10 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100"
            aria-label="Close the chat prompt"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <button
        type="button"
        onClick={() => void openChat()}
        aria-haspopup="dialog"
        aria-busy={widgetState === "loading"}
        className={cn(
          "chat-launcher-button inline-flex h-11 items-center justify-center gap-2 px-4 text-sm font-semibold sm:h-auto sm:px-5 sm:py-3 sm:text-base sm:shadow-lg",
          t.button,
        )}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
          />
        </svg>
        <span>{widgetState === "loading" ? "Opening chat…" : "Chat with us"}</span>
      </button>
      <Modal
        open={messageOpen}
        onClose={() => setMessageOpen(false)}
        title="Leave us a message"
        description={
          widgetState === "failed"
            ? "Chat is not available right now. Leave a message and we will get back to you."
            : "We are not online to chat right now. Leave a message and we will get back to you."
        }
      >
        <Suspense fallback={<p className="py-8 text-center text-slate-700">Loading the form…</p>}>
          <QuickMessageForm
            subcategory="Chat message"
            submitLabel="Send message"
            onSent={onMessageSent}
          />
        </Suspense>
      </Modal>
    </div>
  );
}
