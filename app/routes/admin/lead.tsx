/**
 * A lead in full: contact, enquiry, vehicle, files, steps, visited pages, tracking parameters,
 * its delivery log with "Resend", and its status with notes (docs/product/back-office.md).
 */
import { leadPhoneText } from "~/domain/phone-validation";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/lead";
import {
  buttonClass,
  CsrfField,
  FormMessage,
  secondaryButtonClass,
  TextField,
  useStaff,
} from "~/app/components/admin/form";
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/domain/staff";
import type { LeadStatus } from "~/domain/staff";
import { changeLeadStatus, loadLeadDetail, resendDelivery } from "~/server/admin/lead-detail";
import { requireStaff } from "~/server/admin/staff-scope";
import { StaffTime } from "~/app/components/admin/staff-time";
import { TestPaymentBadge } from "~/app/components/admin/payment-notices";
import { consentLine, isTestPaymentLead } from "~/server/leads/lead-email";

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.title ?? "Lead"} · Back office` }];
}

const NOT_FOUND = "There is no such lead within your account's reach.";
const HIDDEN_FIELDS = new Set(["visited_pages", "linked_query_params"]);

const text = (value: unknown): string =>
  value == null
    ? ""
    : typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value);

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "leads:read");
  const detail = await loadLeadDetail(ctx.db, ctx.registry, scope, args.params.leadId);
  if (!detail) throw data(NOT_FOUND, { status: 404 });
  const { lead } = detail;
  const name =
    [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.name || "(no name)";
  const visited = Array.isArray(lead.payload.visited_pages) ? lead.payload.visited_pages : [];
  const tracking =
    lead.payload.linked_query_params && typeof lead.payload.linked_query_params === "object"
      ? Object.entries(lead.payload.linked_query_params as Record<string, unknown>)
      : [];
  return {
    title: `${lead.category} from ${name}`,
    id: lead.id,
    name,
    category: lead.category,
    subcategory: lead.subcategory,
    received: lead.createdAt.toISOString(),
    completed: lead.completedAt?.toISOString() ?? null,
    siteId: lead.site.id,
    site: lead.site.name,
    dealership: lead.details.dealership?.name ?? null,
    location: lead.details.location?.name ?? null,
    email: lead.email,
    // E.164, with the typed form beside it when it differs.
    phone: leadPhoneText(lead.phone, lead.phoneE164) || null,
    phoneLink: lead.phoneE164 ?? lead.phone?.replace(/[^\d+]/g, "") ?? null,
    postcode: lead.postcode,
    consent: consentLine(lead),
    message: text(lead.payload.message),
    testPayment: isTestPaymentLead(lead),
    booking: lead.details.booking?.label
      ? `${lead.details.booking.kind === "service" ? "Service" : "Test drive"}: ${lead.details.booking.label} at ${lead.details.booking.locationName}`
      : null,
    vehicle: lead.details.vehicle
      ? {
          name: lead.details.vehicle.name,
          url: lead.details.vehicle.url,
          stocknum: lead.details.vehicle.stocknum,
          vin: lead.details.vehicle.vin,
        }
      : null,
    fields: Object.entries(lead.payload)
      .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== null && value !== "")
      .map(([key, value]) => [key, text(value)] as const),
    files: lead.files.map((f) => ({
      id: f.id,
      name: f.originalName,
      field: f.fieldName,
      size: f.size,
      href: `/admin/leads/${lead.id}/files/${f.id}`,
    })),
    steps: detail.events
      .filter((e) => e.kind === "step_saved" || e.kind === "created" || e.kind === "completed")
      .map((e) => ({
        id: e.id,
        at: e.createdAt.toISOString(),
        kind: e.kind,
        step: text(e.data.step_number ?? e.data.step ?? ""),
      })),
    visited: visited.map((v) =>
      text(typeof v === "object" && v ? ((v as { url?: unknown }).url ?? v) : v),
    ),
    tracking: tracking.map(([k, v]) => [k, text(v)] as const),
    deliveryStatus: detail.deliveryStatus,
    deliveries: detail.deliveries.map((d) => ({
      id: d.id,
      channel: d.channel,
      target: d.target,
      status: d.status,
      attempts: d.attempts,
      resends: d.resends,
      lastError: d.lastError,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      canResend: d.status === "failed" || d.status === "delivered",
    })),
    log: detail.events
      .filter((e) => e.kind.startsWith("delivery."))
      .map((e) => ({
        id: e.id,
        at: e.createdAt.toISOString(),
        kind: e.kind,
        channel: text(e.data.channel),
        target: text(e.data.target),
        attempt: text(e.data.attempt),
        answer: text(e.data.response ?? e.data.error ?? ""),
        resend: text(e.data.resend ?? ""),
        by: text(e.data.by ?? ""),
      })),
    status: detail.status,
    history: detail.statuses.map((s) => ({
      id: s.id,
      at: s.createdAt.toISOString(),
      status: s.status as LeadStatus,
      note: s.note,
      by: s.staffName,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, scope, form, ctx } = await requireStaff(args, "leads:write");
  const intent = form?.get("intent");
  const leadId = args.params.leadId;
  if (intent === "status") {
    const result = await changeLeadStatus(ctx.db, scope, staff, leadId, form!, ctx.requestId);
    if (!result) throw data(NOT_FOUND, { status: 404 });
    if (!result.ok)
      return data(
        { intent, errors: result.errors, message: null, done: null },
        { status: result.status },
      );
    return { intent, errors: {}, message: null, done: "The status is saved." };
  }
  if (intent === "resend") {
    const worker = args.context.leads.worker;
    const result = await resendDelivery(ctx.db, scope, staff, leadId, form!, ctx.requestId, {
      wake: () => worker?.wake(),
    });
    if (!result) throw data(NOT_FOUND, { status: 404 });
    if (!result.ok)
      return data(
        { intent, errors: {}, message: result.message, done: null },
        { status: result.status },
      );
    return { intent, errors: {}, message: null, done: "The delivery is queued to be sent again." };
  }
  return data(
    { intent: null, errors: {}, message: "This action is not known. Reload the page.", done: null },
    { status: 400 },
  );
}

const LOG_LABELS: Record<string, string> = {
  "delivery.queued": "Queued",
  "delivery.no_recipient": "No recipient configured",
  "delivery.attempt": "Attempt",
  "delivery.retry": "Retry",
  "delivery.delivered": "Delivered",
  "delivery.delivered_after_lease": "Delivered (late)",
  "delivery.retry_scheduled": "Failed, will retry",
  "delivery.failed": "Failed (final)",
  "delivery.resend": "Resend requested",
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mt-6 rounded-md border border-slate-300 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What each outbox channel sends, as staff read it in the delivery log. */
const CHANNEL_LABELS: Record<string, string> = {
  email: "E-mail",
  webhook: "Webhook",
  partner: "Finance partner",
  "shopper-acknowledgement": "Acknowledgement to the shopper",
  "reservation-receipt": "Deposit receipt to the shopper",
  "reservation-refund": "Refund e-mail to the shopper",
};

export default function Lead() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const staff = useStaff();
  const canWrite = staff.can.includes("leads:write");
  return (
    <>
      <p>
        <a href="/admin/leads" className="text-blue-800 underline">
          Back to the leads
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{d.title}</h1>
      {d.testPayment ? <TestPaymentBadge /> : null}
      <p className="mt-1 text-slate-700">
        Received <StaffTime iso={d.received} siteId={d.siteId} precision="second" /> ·{" "}
        {[d.site, d.dealership, d.location].filter(Boolean).join(" · ")} · Status:{" "}
        <strong>{LEAD_STATUS_LABELS[d.status]}</strong>
      </p>
      {result?.done ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-green-900"
        >
          {result.done}
        </p>
      ) : null}
      {result?.intent === "resend" ? <FormMessage message={result.message} /> : null}

      <Section title="Customer">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-medium">Name</dt>
          <dd>{d.name}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd>
            {d.email ? (
              <a className="text-blue-800 underline" href={`mailto:${d.email}`}>
                {d.email}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="font-medium">Phone</dt>
          <dd>
            {d.phone ? (
              <a className="text-blue-800 underline" href={`tel:${d.phoneLink ?? ""}`}>
                {d.phone}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="font-medium">Postcode</dt>
          <dd>{d.postcode ?? "—"}</dd>
          <dt className="font-medium">Marketing consent</dt>
          <dd>{d.consent}</dd>
        </dl>
      </Section>

      <Section title="Enquiry">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          <dt className="font-medium">Category</dt>
          <dd>
            {d.category}
            {d.subcategory && d.subcategory !== d.category ? ` (${d.subcategory})` : ""}
          </dd>
          {d.booking ? (
            <>
              <dt className="font-medium">Booking</dt>
              <dd>{d.booking}</dd>
            </>
          ) : null}
          <dt className="font-medium">Message</dt>
          <dd className="whitespace-pre-wrap">{d.message || "—"}</dd>
          {d.vehicle ? (
            <>
              <dt className="font-medium">Vehicle</dt>
              <dd>
                <a href={d.vehicle.url} className="text-blue-800 underline">
                  {d.vehicle.name}
                </a>
                {d.vehicle.stocknum ? ` · stock ${d.vehicle.stocknum}` : ""}
                {d.vehicle.vin ? ` · VIN ${d.vehicle.vin}` : ""}
              </dd>
            </>
          ) : null}
        </dl>
      </Section>

      <Section title="Status">
        {d.history.length ? (
          <ol className="mt-2 list-none space-y-1">
            {d.history.map((h) => (
              <li key={h.id}>
                <StaffTime iso={h.at} siteId={d.siteId} precision="second" /> ·{" "}
                {LEAD_STATUS_LABELS[h.status]} · {h.by}
                {h.note ? <p className="text-slate-700 whitespace-pre-wrap">{h.note}</p> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2">New: nobody has changed its status yet.</p>
        )}
        {canWrite ? (
          <Form method="post" noValidate className="mt-4 max-w-xl">
            <CsrfField />
            <input type="hidden" name="intent" value="status" />
            {result?.intent === "status" ? <FormMessage errors={result.errors} /> : null}
            <div className="mt-4">
              <label htmlFor="field-status" className="block font-medium">
                New status
              </label>
              <select
                id="field-status"
                name="status"
                defaultValue={d.status}
                aria-invalid={
                  result?.intent === "status" && "status" in result.errors ? true : undefined
                }
                aria-describedby={
                  result?.intent === "status" && "status" in result.errors
                    ? "field-status-error"
                    : undefined
                }
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2"
              >
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {LEAD_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
              {result?.intent === "status" && "status" in result.errors ? (
                <p id="field-status-error" className="mt-1 text-sm font-medium text-red-800">
                  {(result.errors as { status?: string }).status}
                </p>
              ) : null}
            </div>
            <TextField
              name="note"
              label="Note"
              multiline
              error={
                result?.intent === "status" ? (result.errors as { note?: string }).note : undefined
              }
            />
            <button type="submit" className={`${buttonClass} mt-4`}>
              Save status
            </button>
          </Form>
        ) : null}
      </Section>

      <Section title="Delivery log">
        <p className="mt-1">Delivery: {d.deliveryStatus}</p>
        {d.deliveries.length ? (
          <ul className="mt-2 space-y-3">
            {d.deliveries.map((delivery) => (
              <li key={delivery.id} className="rounded border border-slate-200 p-3">
                <p>
                  <strong>{CHANNEL_LABELS[delivery.channel] ?? delivery.channel}</strong> to{" "}
                  {delivery.target}: <strong>{delivery.status}</strong> after {delivery.attempts}{" "}
                  attempt{delivery.attempts === 1 ? "" : "s"}
                  {delivery.resends
                    ? ` · resent ${delivery.resends} time${delivery.resends === 1 ? "" : "s"}`
                    : ""}
                  {delivery.deliveredAt ? (
                    <>
                      {" "}
                      · delivered{" "}
                      <StaffTime iso={delivery.deliveredAt} siteId={d.siteId} precision="second" />
                    </>
                  ) : null}
                </p>
                {delivery.lastError ? (
                  <p className="text-red-800">Last answer: {delivery.lastError}</p>
                ) : null}
                {canWrite && delivery.canResend ? (
                  <Form method="post" className="mt-2">
                    <CsrfField />
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="delivery" value={delivery.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      Resend to {delivery.target}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">No delivery was made for this lead.</p>
        )}
        {d.log.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="text-left font-medium">Every attempt, newest last</caption>
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="p-2">
                    When
                  </th>
                  <th scope="col" className="p-2">
                    What
                  </th>
                  <th scope="col" className="p-2">
                    Channel
                  </th>
                  <th scope="col" className="p-2">
                    To
                  </th>
                  <th scope="col" className="p-2">
                    Answer
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.log.map((e) => (
                  <tr key={e.id} className="border-b border-slate-200 align-top">
                    <td className="p-2 whitespace-nowrap">
                      <StaffTime iso={e.at} siteId={d.siteId} precision="second" />
                    </td>
                    <td className="p-2">
                      {LOG_LABELS[e.kind] ?? e.kind}
                      {e.attempt ? ` ${e.attempt}` : ""}
                      {e.resend ? ` (resend ${e.resend}${e.by ? `, by ${e.by}` : ""})` : ""}
                    </td>
                    <td className="p-2">{e.channel}</td>
                    <td className="p-2 break-all">{e.target}</td>
                    <td className="p-2 break-all">{e.answer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Section>

      <Section title="Files">
        {d.files.length ? (
          <ul className="mt-2 list-disc pl-5">
            {d.files.map((f) => (
              <li key={f.id}>
                <a href={f.href} className="text-blue-800 underline">
                  {f.name}
                </a>{" "}
                ({f.field}, {Math.ceil(f.size / 1024)} KB)
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">No files were sent with this lead.</p>
        )}
      </Section>

      <Section title="Steps">
        {d.steps.length ? (
          <ol className="mt-2 list-decimal pl-5">
            {d.steps.map((s) => (
              <li key={s.id}>
                <StaffTime iso={s.at} siteId={d.siteId} precision="second" /> ·{" "}
                {s.kind === "step_saved"
                  ? `Step ${s.step} saved`
                  : s.kind === "completed"
                    ? "Completed"
                    : "Sent"}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2">—</p>
        )}
      </Section>

      <Section title="Visited pages">
        {d.visited.length ? (
          <ol className="mt-2 list-decimal pl-5 break-all">
            {d.visited.map((v, i) => (
              <li key={i}>{v}</li>
            ))}
          </ol>
        ) : (
          <p className="mt-2">None recorded.</p>
        )}
      </Section>

      <Section title="Tracking parameters">
        {d.tracking.length ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 break-all">
            {d.tracking.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-2">None.</p>
        )}
      </Section>

      <Section title="Every field sent">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 break-all">
          {d.fields.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium">{k}</dt>
              <dd className="whitespace-pre-wrap">{v}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}
