import { describe, expect, it } from "vitest";
import { clearCookie, readCookie, serializeCookie } from "./cookies";

describe("Signing in (back-office.md): the session cookie", () => {
  it("is httpOnly, SameSite=Lax, scoped to /admin, and Secure over https only", () => {
    expect(serializeCookie("staff_session", "a b", { secure: false, maxAgeSeconds: 60 })).toBe(
      "staff_session=a%20b; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=60",
    );
    expect(serializeCookie("staff_session", "x", { secure: true })).toMatch(/; Secure$/);
    expect(clearCookie("staff_session", { secure: true })).toContain("Max-Age=0");
  });

  it("reads one cookie of the header", () => {
    const request = new Request("http://localhost/admin", {
      headers: { cookie: "other=1; staff_session=abc%3D; x=%E0%A4%A" },
    });
    expect(readCookie(request, "staff_session")).toBe("abc=");
    expect(readCookie(request, "x")).toBeNull();
    expect(readCookie(request, "missing")).toBeNull();
  });
});
