/**
 * A moment on a staff screen: UTC as stored, to the minute (or the second where order within a
 * minute matters, as in a lead's log), in a `<time>` that carries the exact value.
 */
type Precision = "minute" | "second";

export function staffTimeText(iso: string, precision: Precision = "minute"): string {
  return iso.slice(0, precision === "second" ? 19 : 16).replace("T", " ");
}

export function StaffTime({ iso, precision }: { iso: string; precision?: Precision }) {
  return <time dateTime={iso}>{staffTimeText(iso, precision)}</time>;
}
