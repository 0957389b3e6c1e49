/** Choosing a password from an invitation or reset link (docs/product/back-office.md). */
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/set-password";
import { buttonClass, CsrfField, FormMessage, TextField } from "~/app/components/admin/form";
import { AdminFrame } from "~/app/components/admin/frame";
import {
  signedOutFormTokenMatches,
  signInFormToken,
  SIGN_IN_MESSAGES,
} from "~/server/admin/sign-in";
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from "~/domain/staff";
import { setPasswordWithToken, tokenAccount } from "~/server/admin/staff-accounts";
import { adminContextOf } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Choose a password · Back office" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = adminContextOf(context);
  const account = await tokenAccount(ctx.db, new URL(request.url).searchParams.get("token"));
  const { token, setCookie } = await signInFormToken(request, ctx);
  return data(
    {
      token,
      valid: account !== null,
      email: account?.user.email ?? null,
      invitation: account?.purpose === "invitation",
    },
    { status: account ? 200 : 410, headers: { "Set-Cookie": setCookie } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = adminContextOf(context);
  const form = await request.formData().catch(() => null);
  if (!form || !(await signedOutFormTokenMatches(request, form, ctx)))
    return data({ errors: {}, message: SIGN_IN_MESSAGES.expired }, { status: 403 });
  const result = await setPasswordWithToken(
    ctx,
    new URL(request.url).searchParams.get("token"),
    form,
  );
  if (!result.ok)
    return data(
      { errors: result.errors, message: result.message ?? null },
      { status: result.status },
    );
  throw redirect("/admin/sign-in?password=set");
}

export default function SetPassword() {
  const { token, valid, email, invitation } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = (result?.errors ?? {}) as { password?: string; confirm?: string };
  return (
    <AdminFrame>
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold">
          {invitation ? "Welcome: choose your password" : "Choose a new password"}
        </h1>
        {valid ? (
          <>
            <p className="mt-2 text-slate-700">For {email}.</p>
            <FormMessage errors={errors} message={result?.message} />
            <Form method="post" noValidate>
              <CsrfField token={token} />
              <TextField
                name="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                error={errors.password}
              />
              <TextField
                name="confirm"
                label="The same password again"
                type="password"
                autoComplete="new-password"
                required
                error={errors.confirm}
              />
              <button type="submit" className={`${buttonClass} mt-6 w-full`}>
                Save the password
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-4">
            {ACCOUNT_MESSAGES.linkInvalid}{" "}
            <a href="/admin/forgot-password" className="text-blue-800 underline">
              Ask for a new link
            </a>
            .
          </p>
        )}
      </div>
    </AdminFrame>
  );
}
