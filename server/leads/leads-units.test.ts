/** Unit tests of the lead pieces that need no server: ADF, abuse checks, uploads, retries, signatures. */
import { describe, expect, it } from "vitest";
import { adfProblems, xmllintAvailable } from "~/tests/leads/support/adf";
import { buildAdfXml, escapeXml } from "./adf";
import { parseFormState } from "./finance-page";
import { clientKey, headersOf, isCrossSiteRequest } from "./guard";
import type { LeadDocument } from "./lead-document";
import { leadAnswers, leadSubject, leadText } from "./lead-email";
import { isCompletedSubmission, validateContactFields } from "./lead-fields";
import { leadFingerprint } from "./lead-idempotency";
import { multipartLead } from "./router";
import { cleanFileName, detectFileType } from "./uploads";
import { signPayload, verifySignature } from "./webhook";

function lead(overrides: Partial<LeadDocument> = {}): LeadDocument {
  return {
    id: "6f1c1a9e-2b7a-4c55-9a57-0a4b2a8b1e11",
    siteId: 1,
    category: "General Enquiry",
    subcategory: null,
    createdAt: new Date("2026-11-22T01:00:00Z"),
    completedAt: new Date("2026-11-22T01:00:00Z"),
    name: "Jo Bloggs",
    firstName: "Jo",
    lastName: "Bloggs",
    email: "jo@example.com",
    phone: "0411 222 333",
    phoneE164: null,
    postcode: "2000",
    payload: {
      message: "Hello <dealer> & team\u0007",
      opt_in: true,
      website_slug: "demo",
      additional_services: ["Car wash"],
    },
    details: {},
    consent: { given: false, wording: null, at: null },
    files: [],
    site: {
      id: 1,
      slug: "demo",
      name: "Demo Motors",
      locale: "en-AU",
      url: null,
      domainName: null,
      timeZone: "Australia/Sydney",
    },
    ...overrides,
  };
}

describe("ADF/XML", () => {
  it("escapes markup and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">R&D's</a>\u0001`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;R&amp;D&apos;s&lt;/a&gt;",
    );
  });

  it.skipIf(!xmllintAvailable).each([
    ["a general enquiry (an empty vehicle, as ADF requires one)", lead()],
    [
      "a test drive with a vehicle and a booking",
      lead({
        category: "Test Drive Booking",
        details: {
          vehicle: {
            id: 9,
            name: "2024 Kia EV6 GT-Line",
            year: 2024,
            make: "Kia",
            model: "EV6",
            badge: "GT-Line",
            vin: "KNAC381CMR5012345",
            stocknum: "CK1009A",
            carType: "new",
            status: "in_stock",
            price: 79990,
            km: 12,
            colour: "White",
            url: "http://x/cars/ev6",
          },
          booking: {
            kind: "test_drive",
            start: "2026-11-23T00:00:00.000Z",
            label: "Monday 23 November 2026 at 11:00am",
            timeZone: "Australia/Sydney",
            locationName: "Southport",
          },
          location: {
            id: 3,
            name: "Southport",
            slug: "southport",
            phone: "07 5591 7000",
            email: "s@example.com",
            address: "77 Ferry Road",
          },
          dealership: { id: 2, name: "Coastal Kia", slug: "coastal-kia" },
        },
      }),
    ],
    [
      "a car to sell, without a name split",
      lead({
        category: "Sell My Car",
        firstName: null,
        lastName: null,
        phone: null,
        details: {
          tradeIn: {
            rego: "ABC123",
            state: "NSW",
            year: "2019",
            make: "Toyota",
            model: "Corolla",
            km: "60,000",
          },
        },
      }),
    ],
    [
      "a lead that gave marketing consent",
      lead({
        consent: {
          given: true,
          wording: "Keep me <posted> & updated",
          at: new Date("2026-11-22T01:00:00Z"),
        },
      }),
    ],
  ])("is valid for %s", (_name, document) => {
    const xml = buildAdfXml(document, leadAnswers(document));
    expect(adfProblems(xml)).toBeNull();
  });

  it("says whether marketing consent was given, when and to which words (Marketing consent)", () => {
    const given = lead({
      consent: { given: true, wording: "Keep me posted", at: new Date("2026-11-22T01:00:00Z") },
    });
    expect(buildAdfXml(given, [])).toMatch(
      /Marketing consent: given at 22 Nov 2026, 12:00:00\s?pm AEDT to &apos;Keep me posted&apos;<\/comments>/,
    );
    expect(buildAdfXml(lead(), [])).toContain("Marketing consent: not given</comments>");
  });

  it("names the interest: test drive, sell", () => {
    expect(buildAdfXml(lead({ category: "Test Drive Booking" }), [])).toContain(
      'interest="test-drive"',
    );
    const sell = lead({
      category: "Sell My Car",
      details: {
        tradeIn: {
          rego: "ABC123",
          state: "NSW",
          year: "2019",
          make: "Toyota",
          model: "Corolla",
          km: null,
        },
      },
    });
    expect(buildAdfXml(sell, [])).toContain(
      '<vehicle interest="sell" status="used"><id source="rego:NSW">ABC123</id>',
    );
  });
});

describe("lead e-mail", () => {
  it("says what and who in the subject, and lists the other answers for people", () => {
    expect(leadSubject(lead({ subcategory: "Career Enquiry" }))).toBe(
      "General Enquiry (Career Enquiry): Jo Bloggs",
    );
    expect(leadAnswers(lead())).toEqual([["Additional services", "Car wash"]]);
  });

  it("shows the stored consent, never a field a client names consent (Marketing consent)", () => {
    const claimed = lead({
      payload: { message: "hi", marketing_consent: "given", "Marketing Consent At": "today" },
    });
    expect(leadAnswers(claimed)).toEqual([]);
    expect(leadText(claimed)).toContain("Marketing consent: not given");
    const given = lead({
      consent: { given: true, wording: "Keep me posted", at: new Date("2026-11-22T01:00:00Z") },
    });
    expect(leadText(given)).toMatch(
      /Marketing consent: given at 22 Nov 2026, 12:00:00\s?pm AEDT to 'Keep me posted'/,
    );
  });
});

describe("abuse checks", () => {
  const h = (headers: Record<string, string>) => headersOf({ host: "dealer.example", ...headers });
  it.each([
    [{}, false],
    [{ origin: "https://dealer.example" }, false],
    [{ origin: "https://dealer.example", "sec-fetch-site": "same-origin" }, false],
    [{ origin: "https://evil.example" }, true],
    [{ origin: "https://other-dealer.example", "sec-fetch-site": "same-site" }, true],
    [{ "sec-fetch-site": "cross-site" }, true],
    [{ origin: "null" }, true],
    [{ origin: "null", "sec-fetch-site": "same-origin" }, false],
    [{ origin: "not a url" }, true],
  ])("headers %j: cross-site %s", (headers, expected) => {
    expect(isCrossSiteRequest(h(headers))).toBe(expected);
  });

  it("counts IPv6 clients by their /56 network", () => {
    expect(clientKey(1, "2001:db8:1:1::1")).toBe(clientKey(1, "2001:db8:1:1::2"));
    expect(clientKey(1, "10.0.0.1")).not.toBe(clientKey(2, "10.0.0.1"));
  });
});

describe("uploads", () => {
  it.each([
    ["%PDF-1.7", "application/pdf"],
    ["\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"],
    ["\x89PNG\r\n\x1a\n\x00\x00", "image/png"],
    ["GIF89a\x01\x00", "image/gif"],
    ["RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"],
    ["\x00\x00\x00\x18ftypheic", "image/heic"],
    ["MZ\x90\x00", null],
    ["<html><script>", null],
    ["PK\x03\x04", null],
  ])("reads %j as %s", (head, type) => {
    expect(detectFileType(Buffer.from(head, "latin1"))?.contentType ?? null).toBe(type);
  });

  it("keeps only a file's own name", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\CV <final>.pdf")).toBe("CV final.pdf");
    expect(cleanFileName("")).toBe("file");
  });
});

describe("webhook signatures", () => {
  it("verify with the secret, within five minutes, and not otherwise", () => {
    const header = signPayload("s3cret", 1_000_000, '{"a":1}');
    expect(verifySignature("s3cret", header, '{"a":1}', 1_000_100)).toBe(true);
    expect(verifySignature("wrong", header, '{"a":1}', 1_000_100)).toBe(false);
    expect(verifySignature("s3cret", header, '{"a":2}', 1_000_100)).toBe(false);
    expect(verifySignature("s3cret", header, '{"a":1}', 1_000_400)).toBe(false);
  });
});

describe("lead fields", () => {
  it("reads a saved step from form_completed false or lead_status Incomplete", () => {
    expect(isCompletedSubmission({})).toBe(true);
    expect(isCompletedSubmission({ form_completed: false })).toBe(false);
    expect(isCompletedSubmission({ form_completed: "false" })).toBe(false);
    expect(isCompletedSubmission({ lead_status: "Incomplete" })).toBe(false);
    expect(isCompletedSubmission({ lead_status: "Incomplete", form_completed: true })).toBe(true);
  });

  it("checks only the contact fields a saved step carries", () => {
    const rules = { phoneVariant: "au" as const, testPhoneNumber: "0400000000" };
    expect(validateContactFields({ first_name: "Sam" }, rules, { completed: false })).toEqual({});
    expect(validateContactFields({ first_name: "Sam" }, rules, { completed: true })).toEqual({
      email: "*This is a required field.",
    });
    expect(
      validateContactFields({ phone: "0400000000", name: "Sam" }, rules, { completed: true }),
    ).toEqual({});
  });

  it("fingerprints what the visitor typed, not the server's extras", () => {
    const a = leadFingerprint(1, { first_name: "Jo ", url: "http://a/", user_agent: "x" }, true);
    const b = leadFingerprint(1, { first_name: "Jo", url: "http://b/", user_agent: "y" }, true);
    expect(a).toBe(b);
    expect(leadFingerprint(2, { first_name: "Jo" }, true)).not.toBe(b);
    expect(leadFingerprint(1, { first_name: "Jo" }, false)).not.toBe(b);
  });
});

describe("multipart leads", () => {
  it("read a JSON lead field and plain or lead[...] fields", () => {
    expect(
      multipartLead({
        lead: '{"first_name":"Jo"}',
        "lead[email]": "jo@example.com",
        phone: "0411222333",
      }),
    ).toEqual({
      ok: true,
      lead: { first_name: "Jo", email: "jo@example.com", phone: "0411222333" },
    });
    expect(multipartLead({ lead: "[1,2]" })).toEqual({
      ok: false,
      error: "The 'lead' field must hold a JSON object.",
    });
  });
});

describe("the finance form's posted state", () => {
  it("starts over when missing or tampered with", () => {
    expect(parseFormState(undefined, 3).current).toBe(0);
    expect(parseFormState("{nope", 3).current).toBe(0);
    expect(
      parseFormState(
        JSON.stringify({ current: 5, history: [], skippedSteps: [], savedSteps: [], leadId: null }),
        3,
      ).current,
    ).toBe(0);
    const ok = parseFormState(
      JSON.stringify({
        current: 2,
        history: [0, 1],
        skippedSteps: [],
        savedSteps: [0, 1],
        leadId: "6f1c1a9e-2b7a-4c55-9a57-0a4b2a8b1e11",
      }),
      3,
    );
    expect(ok).toMatchObject({
      current: 2,
      leadId: "6f1c1a9e-2b7a-4c55-9a57-0a4b2a8b1e11",
      stepCount: 3,
    });
  });
});
