/**
 * Sign-in with a mobile number and an SMS code (docs/product/garage.md), on sites that offer
 * it: the number, then the six-digit code (the screen names the number it went to, offers
 * 'Change number' and a new code after 30 seconds), then registration (a name and the e-mail
 * address alerts go to). The 'code sent' message goes once the shopper is signed in. Signing in merges this browser's favourites into
 * the watchlist and takes the watchlist as this browser's list; signed in, every change goes to
 * the server too (favourites-store.ts). Needs JavaScript: without it the panel says so.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Favourite } from "~/domain/favourites";
import { browserStorage } from "~/app/components/engagement/browser-storage";
import { useSite } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";
import { readFavourites, signedInKey, writeFavourites } from "./favourites-store";
import { garageAnalytics } from "./garage-client";

type User = { id: number; phone: string; name: string | null; email: string | null };
type Step = "closed" | "phone" | "code" | "register" | "signed-in";

const input =
  "mt-1 block min-h-11 w-full rounded-site border border-slate-400 px-3 text-base text-slate-950";
const primary =
  "min-h-11 rounded-site bg-slate-900 px-4 font-semibold text-white disabled:opacity-60";
const secondary = "min-h-11 rounded-site border border-slate-400 px-4 font-semibold";

async function postJson(path: string, body?: unknown, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, json };
}

export function SignInPanel() {
  const site = useSite();
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>("closed");
  const [user, setUser] = useState<User | null>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  /** The number the last code went to, as the server wrote it ('0412 345 678'). */
  const [sentTo, setSentTo] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  /** Back to the number from the code: focus goes to the number, not the heading. */
  const changingNumber = useRef(false);

  const adoptWatchlist = (watchlist: Favourite[]) => {
    writeFavourites(site.slug, watchlist);
    browserStorage.set(signedInKey(site.slug), "1");
  };

  // Signed in already (this device): the server's watchlist is this browser's list.
  useEffect(() => {
    let cancelled = false;
    fetch("/api/auth", { headers: { Accept: "application/json" } })
      .then((r) => r.json() as Promise<{ user: User | null; watchlist: Favourite[] }>)
      .then((answer) => {
        if (cancelled) return;
        if (answer.user) {
          setUser(answer.user);
          adoptWatchlist(answer.watchlist);
          setStep("signed-in");
        } else {
          browserStorage.set(signedInKey(site.slug), "0");
        }
      })
      .catch((e: unknown) => console.warn("garage sign-in state not loaded", e));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, [site.slug]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  useEffect(() => {
    if (step === "phone" && changingNumber.current) {
      changingNumber.current = false;
      const field = phoneInput.current;
      field?.focus();
      // The caret after the number, to correct it.
      field?.setSelectionRange(field.value.length, field.value.length);
    } else if (step !== "closed") heading.current?.focus();
  }, [step]);

  const requestCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError("");
    garageAnalytics("verification code request");
    const answer = await postJson("/api/auth/code", { phone });
    setBusy(false);
    if (!answer.ok) return setError(String(answer.json.error ?? "Please try again."));
    const to = String(answer.json.sentTo ?? phone);
    setSentTo(to);
    setNotice(
      step === "code"
        ? `We sent a new code to ${to}. It is valid for 10 minutes.`
        : `We sent a code to ${to}. It is valid for 10 minutes.`,
    );
    setResendIn(Number(answer.json.resendAfterSeconds ?? 30));
    setStep("code");
  };

  const changeNumber = () => {
    changingNumber.current = true;
    setNotice("");
    setError("");
    setCode("");
    setStep("phone");
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    garageAnalytics("verification code submit");
    const answer = await postJson("/api/auth/verify", { phone, code });
    if (!answer.ok) {
      setBusy(false);
      return setError(String(answer.json.error ?? "Please try again."));
    }
    const signedInUser = answer.json.user as User;
    // This browser's favourites join the watchlist; the result is the list on every device.
    const merged = await postJson("/api/garage/watchlist/merge", {
      vehicle_ids: readFavourites(site.slug).map((f) => f.id),
    });
    setBusy(false);
    adoptWatchlist((merged.ok ? merged.json.watchlist : answer.json.watchlist) as Favourite[]);
    setUser(signedInUser);
    setCode("");
    // Signed in: the 'code sent' message has done its job.
    setNotice("");
    if (answer.json.registered) {
      garageAnalytics("registration");
      setStep("register");
    } else {
      setStep("signed-in");
    }
  };

  const register = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError("");
    const answer = await postJson("/api/auth/profile", { name, email });
    setBusy(false);
    if (!answer.ok) return setError(String(answer.json.error ?? "Please try again."));
    setUser(answer.json.user as User);
    setStep("signed-in");
  };

  const signOut = async () => {
    await postJson("/api/auth/sign-out");
    browserStorage.set(signedInKey(site.slug), "0");
    setUser(null);
    setStep("closed");
  };

  const deleteAccount = async () => {
    if (!window.confirm("Delete your garage account, watchlist and alerts?")) return;
    const answer = await postJson("/api/auth/account", undefined, "DELETE");
    if (!answer.ok && answer.status !== 204) return setError("Your account could not be deleted.");
    browserStorage.set(signedInKey(site.slug), "0");
    setUser(null);
    setStep("closed");
    setNotice("Your account and its data are deleted.");
  };

  return (
    <section aria-labelledby="garage-sign-in" className="rounded-site border border-slate-200 p-4">
      <h2 id="garage-sign-in" ref={heading} tabIndex={-1} className="text-lg font-bold">
        {step === "signed-in" ? "Signed in" : "Keep your garage on every device"}
      </h2>
      <div role="status" className="mt-1 text-sm text-slate-800">
        {notice}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {!hydrated && (
        <p className="mt-2 text-sm text-slate-800">Sign in needs JavaScript switched on.</p>
      )}
      {hydrated && step === "closed" && (
        <button
          type="button"
          className={`${primary} mt-3`}
          onClick={() => {
            garageAnalytics("login popup");
            setNotice("");
            setStep("phone");
          }}
        >
          Sign in with your mobile
        </button>
      )}
      {step === "phone" && (
        <form onSubmit={requestCode} className="mt-3 space-y-3" noValidate>
          <label className="block text-sm font-semibold">
            Mobile number
            <input
              ref={phoneInput}
              className={input}
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              required
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </label>
          <button type="submit" className={primary} disabled={busy}>
            Send code
          </button>
        </form>
      )}
      {step === "code" && (
        <form onSubmit={verify} className="mt-3 space-y-3" noValidate>
          <label className="block text-sm font-semibold">
            6-digit code
            <input
              className={input}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primary} disabled={busy}>
              Verify
            </button>
            <button
              type="button"
              className={secondary}
              disabled={busy || resendIn > 0}
              onClick={() => void requestCode()}
            >
              {resendIn > 0 ? `Send a new code in ${resendIn} s` : "Send a new code"}
            </button>
          </div>
          <p className="text-sm text-slate-800">
            Not {sentTo}?{" "}
            <button
              type="button"
              className="min-h-11 font-semibold underline"
              onClick={changeNumber}
            >
              Change number
            </button>
          </p>
        </form>
      )}
      {step === "register" && (
        <form onSubmit={register} className="mt-3 space-y-3" noValidate>
          <p className="text-sm">
            Welcome! Tell us where to send alerts when a saved car sells or drops in price.
          </p>
          <label className="block text-sm font-semibold">
            First name
            <input
              className={input}
              name="name"
              autoComplete="given-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="block text-sm font-semibold">
            Email
            <input
              className={input}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primary} disabled={busy}>
              Save
            </button>
            <button type="button" className={secondary} onClick={() => setStep("signed-in")}>
              Skip
            </button>
          </div>
        </form>
      )}
      {step === "signed-in" && user && (
        <div className="mt-2 space-y-3 text-sm">
          <p>
            Signed in as <strong>{user.name ?? user.phone}</strong>. Your saved cars are kept on
            every device you sign in on{user.email ? `, and alerts go to ${user.email}` : ""}.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondary} onClick={() => void signOut()}>
              Sign out
            </button>
            <button
              type="button"
              className={`${secondary} text-red-800`}
              onClick={() => void deleteAccount()}
            >
              Delete my account and data
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
