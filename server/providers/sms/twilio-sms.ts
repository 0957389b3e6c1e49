/**
 * SMS through Twilio's Messages API with the official SDK. `apiUrl` points the SDK at another
 * origin (a local server answering like Twilio, in tests); requests keep their path and auth.
 */
import twilio from "twilio";
type RequestOptions<TData> = Parameters<typeof twilio.RequestClient.prototype.request<TData>>[0];
import type { OutgoingSms, SmsProvider } from "./sms-provider";

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number in E.164 or a Messaging Service SID (MG...). */
  from: string;
  apiUrl?: string;
};

/** The SDK's HTTP client, with every request sent to `origin` instead of *.twilio.com. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ autoRetry: false });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const url = new URL(opts.uri);
    const target = new URL(`${url.pathname}${url.search}`, this.origin);
    return super.request<TData>({ ...opts, uri: target.toString() });
  }
}

export function createTwilioSms(settings: TwilioSettings): SmsProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiUrl ? { httpClient: new RedirectingRequestClient(settings.apiUrl) } : {}),
  });
  const sender = settings.from.startsWith("MG")
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    kind: "twilio",
    async send(sms: OutgoingSms) {
      const message = await client.messages.create({ to: sms.to, body: sms.body, ...sender });
      return { id: message.sid };
    },
  };
}
