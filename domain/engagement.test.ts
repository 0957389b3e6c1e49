import { describe, expect, it } from "vitest";
import {
  isPromoPopupVisible,
  shouldLoadThirdPartyScripts,
  showChatBubble,
  thirdPartyScriptUrls,
} from "./engagement";

describe("Chat and popup behaviour (vehicle-card-and-page.md)", () => {
  it("the chat bubble appears 3 s after load unless previously closed", () => {
    const chat = { chatEnabled: true };
    expect(showChatBubble(chat, false, 2_999)).toBe(false);
    expect(showChatBubble(chat, false, 3_000)).toBe(true);
    expect(showChatBubble(chat, true, 10_000)).toBe(false);
    expect(showChatBubble({ chatEnabled: false }, false, 10_000)).toBe(false);
  });

  it("third-party scripts load after the first interaction or after 3 s", () => {
    expect(shouldLoadThirdPartyScripts(false, 1_000)).toBe(false);
    expect(shouldLoadThirdPartyScripts(true, 0)).toBe(true);
    expect(shouldLoadThirdPartyScripts(false, 3_000)).toBe(true);
  });

  it("the promo popup is visible by default, hidden once closed or after its expiry date", () => {
    const popup = { visibleByDefault: true, expiresAt: "2025-12-31T23:59:59Z" };
    const before = Date.parse("2025-06-01T00:00:00Z");
    const after = Date.parse("2026-01-01T00:00:00Z");
    expect(isPromoPopupVisible(popup, false, before)).toBe(true);
    expect(isPromoPopupVisible(popup, true, before)).toBe(false);
    expect(isPromoPopupVisible(popup, false, after)).toBe(false);
    expect(isPromoPopupVisible({ ...popup, visibleByDefault: false }, false, before)).toBe(false);
    expect(isPromoPopupVisible(null, false, before)).toBe(false);
  });

  it("third-party scripts: GTM by id, the chat widget only with chat on, then the others", () => {
    const none = { gtmId: null, chatEnabled: false, chatScriptUrl: null, thirdPartyScripts: [] };
    expect(thirdPartyScriptUrls(none)).toEqual([]);
    expect(
      thirdPartyScriptUrls({
        gtmId: "GTM-A B",
        chatEnabled: true,
        chatScriptUrl: "https://chat.example/w.js",
        thirdPartyScripts: ["https://px.example/p.js"],
      }),
    ).toEqual([
      "https://www.googletagmanager.com/gtm.js?id=GTM-A%20B",
      "https://chat.example/w.js",
      "https://px.example/p.js",
    ]);
    expect(thirdPartyScriptUrls({ ...none, chatScriptUrl: "https://chat.example/w.js" })).toEqual(
      [],
    );
  });
});
