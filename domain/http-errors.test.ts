import { describe, expect, it, vi } from "vitest";
import {
  dataHelper,
  errorFromBody,
  errorFromResponse,
  fetchWithRetry,
  formFailureMessage,
  formSubmitFailureAlerts,
  HttpError,
  isNotFoundBody,
  submitLead,
  type ResponseLike,
} from "./http-errors";

function response(status: number, body: unknown = {}, statusText = ""): ResponseLike {
  return { ok: status >= 200 && status < 300, status, statusText, json: async () => body };
}

describe("Error catalogue (data-in.md): a fetch returns a non-ok status: retry up to 2 times, then fail with the status", () => {
  it("tries three times in all, then throws the status", async () => {
    const fetchFn = vi.fn(async () => response(503));
    const onRetry = vi.fn();
    await expect(fetchWithRetry(fetchFn, "/x", undefined, { onRetry })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it("returns the first ok response", async () => {
    const fetchFn = vi
      .fn()
      .mockResolvedValueOnce(response(500))
      .mockResolvedValueOnce(response(200, { a: 1 }));
    const result = await fetchWithRetry(fetchFn, "/x", { method: "GET" });
    expect(result.status).toBe(200);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(fetchFn).toHaveBeenCalledWith("/x", { method: "GET" });
  });

  it("a thrown error is retried too, then propagates", async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError("network down");
    });
    await expect(fetchWithRetry(fetchFn, "/x")).rejects.toThrow("network down");
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });
});

describe("Error catalogue (data-in.md): error messages of non-ok responses", () => {
  it("the body's error field is raised with the HTTP status", async () => {
    const error = await errorFromResponse(
      response(422, { error: "Email is invalid" }, "Unprocessable Entity"),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect([error.message, error.status]).toEqual(["Email is invalid", 422]);
  });

  it("without an error field: 'An unexpected error occurred' plus the status text", async () => {
    expect(
      (await errorFromResponse(response(500, { other: 1 }, "Internal Server Error"))).message,
    ).toBe("An unexpected error occurred: Internal Server Error");
    const notJson: ResponseLike = {
      ok: false,
      status: 502,
      statusText: "Bad Gateway",
      json: () => Promise.reject(new SyntaxError("x")),
    };
    expect((await errorFromResponse(notJson)).message).toBe(
      "An unexpected error occurred: Bad Gateway",
    );
    expect(errorFromBody(null, 500, "").message).toBe("An unexpected error occurred");
  });
});

describe("Error catalogue (data-in.md): a data helper fails: it logs and returns false; a 404 in the body also returns false", () => {
  it("returns the data, or false", async () => {
    const log = vi.fn();
    expect(await dataHelper(async () => ({ id: 1 }), log)).toEqual({ id: 1 });
    expect(await dataHelper(async () => ({ status: 404 }), log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
    expect(await dataHelper(() => Promise.reject(new Error("x")), log)).toBe(false);
    expect(log).toHaveBeenCalledOnce();
    expect(isNotFoundBody({ status: "404" })).toBe(true);
    expect(isNotFoundBody({ status: 200 })).toBe(false);
  });
});

describe("Lead errors (leads-and-forms.md): lead submission outcomes", () => {
  it("an exception returns its message with lead_id null", async () => {
    expect(await submitLead(() => Promise.reject(new Error("Timed out")))).toEqual({
      ok: false,
      lead_id: null,
      error: "Timed out",
      response: null,
    });
  });

  it("a response without an id is returned as is with lead_id null", async () => {
    expect(await submitLead(async () => ({ error: "Phone missing", code: 7 }))).toEqual({
      ok: false,
      lead_id: null,
      error: "Phone missing",
      response: { error: "Phone missing", code: 7, lead_id: null },
    });
  });

  it("a response with an id is a success", async () => {
    expect(await submitLead(async () => ({ id: 12 }))).toMatchObject({ ok: true, lead_id: 12 });
  });

  it("a form failure shows the returned error, or 'An unexpected error occured' (the reference's spelling)", () => {
    expect(formFailureMessage({ error: "Phone missing" })).toBe("Phone missing");
    expect(formFailureMessage({ error: null })).toBe("An unexpected error occured");
    expect(formFailureMessage({})).toBe("An unexpected error occured");
  });

  it("a form submit failure alerts and shows the server message in a destructive alert", () => {
    expect(formSubmitFailureAlerts("Server says no")).toEqual({
      alert: "An error occurred when submitting this form",
      destructive: "Server says no",
    });
    expect(formSubmitFailureAlerts(undefined).destructive).toBe("An unexpected error occured");
  });
});
