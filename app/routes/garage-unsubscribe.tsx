/**
 * /my-garage/unsubscribe?token=...: the unsubscribe link of garage alerts (docs/product/garage.md,
 * "Alerts"). Opening it shows a button and changes nothing (mail scanners open links); the button's
 * POST, or a mail client's one-click POST (RFC 8058), turns the alerts off.
 */
import { data } from "react-router";
import type { Route } from "./+types/garage-unsubscribe";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { APP_LINK } from "~/app/components/site/app-links";
import { readFormData } from "~/server/leads/guard";
import {
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_STATUS,
  unsubscribe,
  unsubscribeState,
  type UnsubscribeState,
} from "~/server/garage/unsubscribe";

const NO_STORE = { "Cache-Control": "private, no-store" };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export async function loader({ context, request }: Route.LoaderArgs) {
  const state = await unsubscribeState(context.db, context.site.id, tokenOf(request));
  return data({ state }, { status: UNSUBSCRIBE_STATUS[state], headers: NO_STORE });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readFormData(request);
  if ("status" in form)
    return data(
      { state: "ask" as UnsubscribeState, error: form.message },
      {
        status: form.status,
        headers: NO_STORE,
      },
    );
  const state = await unsubscribe(context.db, context.site.id, tokenOf(request));
  return data({ state, error: null }, { status: UNSUBSCRIBE_STATUS[state], headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: "Garage alerts" }, { name: "robots", content: "noindex" }];
}

export default function GarageUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const t = useTemplate();
  const state = actionData?.state ?? loaderData.state;
  const error = actionData?.error ?? null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      {state === "done" ? (
        <>
          <h1 className={cn("text-3xl md:text-4xl", t.heading)}>You are unsubscribed</h1>
          <p className="mt-6 text-lg text-slate-700">
            You will get no more garage alerts from {site.name}.
          </p>
        </>
      ) : state === "ask" ? (
        <>
          <h1 className={cn("text-3xl md:text-4xl", t.heading)}>Stop garage alerts?</h1>
          <p className="mt-6 text-lg text-slate-700">
            {site.name} sends you an alert when a car you saved sells or drops in price, and news of
            your saved searches. Unsubscribe to stop them all.
          </p>
          {error && (
            <p role="alert" className="mt-4 text-red-700">
              {error}
            </p>
          )}
          <form method="post" className="mt-8">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={cn("px-6 py-3 font-semibold", t.button)}>
              Unsubscribe from garage alerts
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 className={cn("text-3xl md:text-4xl", t.heading)}>This link does not work</h1>
          <p role="alert" className="mt-6 text-lg text-slate-700">
            {UNSUBSCRIBE_MESSAGES[state]}
          </p>
        </>
      )}
      <p className="mt-10">
        <a {...APP_LINK} href="/" className={cn("px-5 py-3 font-semibold", t.buttonOutline)}>
          Back to the home page
        </a>
      </p>
    </div>
  );
}
