import { lazy, Suspense, useState } from "react";
import { LOCATION_CARD_TEXT } from "~/domain/locations";
import { localiseText } from "~/domain/locale";
import type { LocationView } from "~/server/content/locations";
import { Modal } from "~/app/components/engagement/modal";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";

// The form's code loads when the dialog first opens, not with every page that lists locations.
const EmailUsForm = lazy(() => import("./email-us-form"));

/** 'Email Us': a dialog with the location's contact form (a General Enquiry by default). */
export function EmailUs({
  location,
  className,
}: {
  location: Pick<LocationView, "name" | "slug" | "dealership">;
  className?: string;
}) {
  const site = useSite();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={className}
      >
        {LOCATION_CARD_TEXT.emailUs}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Email ${location.name}`}
        description={localiseText(
          "Send us your enquiry and our team will get back to you.",
          site.locale,
        )}
      >
        <Suspense
          fallback={<p className={cn("py-8 text-center text-slate-700")}>Loading the form…</p>}
        >
          <EmailUsForm location={location} />
        </Suspense>
      </Modal>
    </>
  );
}
