import { useEffect, useId, useRef } from "react";
import type { ReactNode, RefObject } from "react";
import { cn } from "~/app/lib/cn";

/**
 * A modal dialog on the browser's own <dialog> element: the top layer, an inert page behind
 * it, Escape to close and the dialog role come from the platform, so it costs almost no
 * JavaScript (see docs/decisions). Mounted only while open; focus returns to the element that
 * opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  className,
  closeLabel = "Close",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  if (!open) return null;
  return (
    <OpenModal
      onClose={onClose}
      title={title}
      description={description}
      className={className}
      closeLabel={closeLabel}
    >
      {children}
    </OpenModal>
  );
}

/**
 * Shows a mounted <dialog> as a modal while it is mounted: the page behind stops scrolling,
 * and on unmount the dialog closes and focus goes back to the element that opened it (if that
 * element is still on the page).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [ref]);
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  className,
  closeLabel,
}: {
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  closeLabel: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onCloseRef.current();
      }}
      className={cn(
        "m-auto w-[min(100vw-2rem,36rem)] max-h-[calc(100dvh-2rem)] overflow-visible bg-transparent p-0 text-slate-900 backdrop:bg-slate-950/60",
        className,
      )}
    >
      <div className="max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-site bg-white p-6 shadow-xl">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-slate-700 hover:bg-slate-100"
            aria-label={closeLabel}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="mb-4 text-slate-700">
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>
  );
}
