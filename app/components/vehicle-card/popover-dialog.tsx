import type { ReactNode } from "react";

/**
 * A small dialog the browser opens and closes as a popover (no script): a title, a list and a
 * Close button. Named by `label`, or by the element `labelledBy` names (the button that opens it).
 */
export function PopoverDialog({
  id,
  title,
  label,
  labelledBy,
  className,
  closeClassName,
  children,
}: {
  id: string;
  title: string;
  label?: string;
  labelledBy?: string;
  className: string;
  closeClassName?: string;
  /** The list's items. */
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      popover="auto"
      role="dialog"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className}
    >
      <p>{title}</p>
      <ul>{children}</ul>
      <button
        type="button"
        popoverTarget={id}
        popoverTargetAction="hide"
        className={closeClassName}
      >
        Close
      </button>
    </div>
  );
}
