/** "Forgot your password?": a link to choose a new one, by e-mail (docs/product/back-office.md). */
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { buttonClass, CsrfField, FormMessage, TextField } from "~/app/components/admin/form";
import { AdminFrame } from "~/app/components/admin/frame";
import {
  signedOutFormTokenMatches,
  signInFormToken,
  SIGN_IN_MESSAGES,
} from "~/server/admin/sign-in";
import { ACCOUNT_MESSAGES } from "~/domain/staff";
import { requestPasswordReset } from "~/server/admin/staff-accounts";
import { adminContextOf } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Forgot your password? · Back office" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, setCookie } = await signInFormToken(request, adminContextOf(context));
  return data({ token }, { headers: { "Set-Cookie": setCookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = adminContextOf(context);
  const form = await request.formData().catch(() => null);
  if (!form || !(await signedOutFormTokenMatches(request, form, ctx)))
    return data({ errors: {}, message: SIGN_IN_MESSAGES.expired, sent: false }, { status: 403 });
  const result = await requestPasswordReset(ctx, form);
  if (!result.ok)
    return data({ errors: result.errors, message: null, sent: false }, { status: 400 });
  return { errors: {}, message: null, sent: true };
}

export default function ForgotPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminFrame>
      <div className="mx-auto w-full max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        {result?.sent ? (
          <p role="status" className="mt-4">
            {ACCOUNT_MESSAGES.resetSent}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              Enter your e-mail address: we will send you a link to choose a new password.
            </p>
            <FormMessage errors={result?.errors} message={result?.message} />
            <Form method="post" noValidate>
              <CsrfField token={token} />
              <TextField
                name="email"
                label="E-mail address"
                type="email"
                autoComplete="username"
                required
                error={(result?.errors as { email?: string } | undefined)?.email}
              />
              <button type="submit" className={`${buttonClass} mt-6 w-full`}>
                Send the link
              </button>
            </Form>
          </>
        )}
        <p className="mt-6">
          <a href="/admin/sign-in" className="text-blue-800 underline">
            Back to sign in
          </a>
        </p>
      </div>
    </AdminFrame>
  );
}
