/**
 * The Twilio adapter through the official SDK against a local server answering like Twilio's
 * Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, basic auth;
 * 201 with the message resource, or an error body with code and message).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTwilioSms } from "./twilio-sms";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "secret-token";

type Received = { method: string; path: string; auth: string; form: URLSearchParams };
const received: Received[] = [];
let server: Server;
let origin = "";

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void body(req).then((text) => {
      const form = new URLSearchParams(text);
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        auth: req.headers.authorization ?? "",
        form,
      });
      const expectedAuth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`;
      res.setHeader("Content-Type", "application/json");
      if (req.headers.authorization !== expectedAuth) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
        return;
      }
      if (form.get("To") === "+15005550001") {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number +15005550001 is not a valid phone number.",
            more_info: "https://www.twilio.com/docs/errors/21211",
            status: 400,
          }),
        );
        return;
      }
      res.statusCode = 201;
      res.end(
        JSON.stringify({
          sid: "SM0123456789abcdef0123456789abcdef",
          account_sid: SID,
          to: form.get("To"),
          from: form.get("From"),
          messaging_service_sid: form.get("MessagingServiceSid"),
          body: form.get("Body"),
          status: "queued",
          direction: "outbound-api",
          api_version: "2010-04-01",
          num_segments: "1",
          date_created: "Tue, 24 Nov 2026 03:00:00 +0000",
          uri: `/2010-04-01/Accounts/${SID}/Messages/SM0123456789abcdef0123456789abcdef.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("Twilio SMS", () => {
  it("sends a message from a number with basic auth, answering the message sid", async () => {
    const sms = createTwilioSms({
      accountSid: SID,
      authToken: TOKEN,
      from: "+61400000000",
      apiUrl: origin,
    });
    const sent = await sms.send({ to: "+61411222333", body: "123456 is your code", siteId: 1 });
    expect(sent.id).toBe("SM0123456789abcdef0123456789abcdef");
    const request = received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.form.get("To")).toBe("+61411222333");
    expect(request.form.get("From")).toBe("+61400000000");
    expect(request.form.get("Body")).toBe("123456 is your code");
  });

  it("sends through a Messaging Service when the sender is one", async () => {
    const sms = createTwilioSms({
      accountSid: SID,
      authToken: TOKEN,
      from: "MG0123456789abcdef0123456789abcdef",
      apiUrl: origin,
    });
    await sms.send({ to: "+61411222333", body: "hello", siteId: null });
    expect(received.at(-1)!.form.get("MessagingServiceSid")).toBe(
      "MG0123456789abcdef0123456789abcdef",
    );
    expect(received.at(-1)!.form.get("From")).toBeNull();
  });

  it("fails with Twilio's message on an error answer and on bad credentials", async () => {
    const sms = createTwilioSms({
      accountSid: SID,
      authToken: TOKEN,
      from: "+61400000000",
      apiUrl: origin,
    });
    await expect(sms.send({ to: "+15005550001", body: "x", siteId: 1 })).rejects.toThrow(
      /not a valid phone number/,
    );
    const wrong = createTwilioSms({
      accountSid: SID,
      authToken: "nope",
      from: "+61400000000",
      apiUrl: origin,
    });
    await expect(wrong.send({ to: "+61411222333", body: "x", siteId: 1 })).rejects.toThrow(
      /Authenticate/,
    );
  });
});
