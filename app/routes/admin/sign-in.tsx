/** Back office sign-in (docs/product/back-office.md, "Signing in"). */
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { CsrfField, FormMessage, TextField, buttonClass } from "~/app/components/admin/form";
import { AdminFrame } from "~/app/components/admin/frame";
import { readCookie } from "~/server/admin/cookies";
import { findSession, SESSION_COOKIE } from "~/server/admin/sessions";
import { safeNext, signIn, signInFormToken } from "~/server/admin/sign-in";
import { adminContextOf } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Sign in · Back office" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = adminContextOf(context);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await findSession(ctx.db, readCookie(request, SESSION_COOKIE))) throw redirect(next);
  const { token, setCookie } = await signInFormToken(request, ctx);
  const where =
    ctx.host.kind === "site"
      ? (ctx.host.site.dealershipGroup?.name ?? ctx.host.site.name)
      : "every dealer site on this platform";
  const passwordSet = new URL(request.url).searchParams.get("password") === "set";
  return data({ token, where, passwordSet }, { headers: { "Set-Cookie": setCookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = adminContextOf(context);
  const result = await signIn(request, ctx);
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    throw redirect(result.next, { headers });
  }
  return data(
    { errors: result.errors, message: result.message, email: result.email },
    { status: result.status },
  );
}

export default function SignIn() {
  const { token, where, passwordSet } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <AdminFrame>
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold">Sign in to the back office</h1>
        <p className="mt-2 text-slate-700">Staff of {where}.</p>
        {passwordSet && !result ? (
          <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3">
            Your password is saved. Sign in with it.
          </p>
        ) : null}
        <FormMessage errors={result?.errors} message={result?.message} />
        <Form method="post" noValidate className="mt-2">
          <CsrfField token={token} />
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="username"
            required
            defaultValue={result?.email}
            error={result?.errors.email}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={result?.errors.password}
          />
          <button type="submit" className={`${buttonClass} mt-6 w-full`} disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
        <p className="mt-6">
          <a href="/admin/forgot-password" className="text-blue-800 underline">
            Forgot your password?
          </a>
        </p>
      </div>
    </AdminFrame>
  );
}
