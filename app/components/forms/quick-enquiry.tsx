/**
 * 'Quick Enquiry' (and 'Request Photos', 'Car History Report') on cards and vehicle pages: a
 * plain link to the vehicle's enquiry page, which opens the form in a dialog when JavaScript
 * runs. The form's code loads when the dialog first opens.
 */
import { lazy, Suspense, useState } from "react";
import type { MouseEvent, ReactNode } from "react";
import { LEAD_FORM_SUBCATEGORIES } from "~/domain/lead-forms";
import { localiseText } from "~/domain/locale";
import { vehicleEnquiryPath } from "~/domain/vehicle-paths";
import { Modal } from "~/app/components/engagement/modal";
import { useSite } from "~/app/lib/site";

const LazyForm = lazy(() =>
  import("./vehicle-enquiry").then((m) => ({ default: m.VehicleEnquiryForm })),
);

export function QuickEnquiryButton({
  vehicleId,
  vehicleName,
  subcategory = LEAD_FORM_SUBCATEGORIES.quickEnquiry,
  className,
  children,
}: {
  vehicleId: number;
  vehicleName: string;
  subcategory?: string;
  className?: string;
  children: ReactNode;
}) {
  const site = useSite();
  const [open, setOpen] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a
        href={vehicleEnquiryPath({ id: vehicleId }, subcategory)}
        onClick={onClick}
        aria-haspopup="dialog"
        className={className}
      >
        {children}
      </a>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={localiseText(subcategory, site.locale)}
        description={vehicleName}
      >
        <Suspense fallback={<p className="py-8 text-center text-slate-700">Loading the form…</p>}>
          <LazyForm
            vehicleId={vehicleId}
            subcategory={subcategory}
            id={`quick-enquiry-${vehicleId}`}
          />
        </Suspense>
      </Modal>
    </>
  );
}
