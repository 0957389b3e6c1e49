import { cn } from "~/app/lib/cn";

/**
 * Sanitised rich text (server/content/sanitize.ts) with readable typography. Only ever pass
 * HTML that went through the sanitiser or the escaped defaults.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "max-w-prose text-base leading-relaxed text-slate-800",
        "[&_p]:my-4 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
        "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold",
        "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
        "[&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
        "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-site",
        "[&_table]:my-4 [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:p-2 [&_th]:text-left",
        "[&>*:first-child]:mt-0",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
