import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import {
  isAllowedNetworkEntry,
  judgeAddress,
  NO_ALLOWED_NETWORKS,
  parseAllowedNetworks,
} from "./address-policy";

const why = (ip: string, allowed = NO_ALLOWED_NETWORKS) => {
  const verdict = judgeAddress(ip, allowed);
  return verdict.allowed ? "allowed" : verdict.why;
};

describe("which addresses an outbound fetch may connect to", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["10.1.2.3", "a private network address"],
    ["172.16.0.1", "a private network address"],
    ["172.31.255.254", "a private network address"],
    ["192.168.1.1", "a private network address"],
    ["::ffff:10.0.0.1", "a private network address"],
    ["fc00::1", "a private (unique local) network address"],
    ["fd12:3456::1", "a private (unique local) network address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["169.254.1.1", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a broadcast address"],
    ["192.0.2.1", "a special-purpose address"],
    ["2001:db8::1", "a special-purpose address"],
    ["::7f00:1", "a special-purpose address"],
    ["64:ff9b::7f00:1", "a special-purpose address"],
    ["2002:7f00:1::1", "a special-purpose address"],
    ["not-an-address", "not an IP address"],
  ])("refuses %s: %s", (ip, expected) => {
    expect(why(ip)).toBe(expected);
  });

  it.each(["8.8.8.8", "203.0.114.7", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows the public address %s",
    (ip) => {
      expect(why(ip)).toBe("allowed");
    },
  );

  it("allows what the operator's allow-list names, and metadata only by an explicit range", () => {
    const loopback = parseAllowedNetworks(["loopback"]);
    expect(why("127.0.0.1", loopback)).toBe("allowed");
    expect(why("::1", loopback)).toBe("allowed");
    expect(why("::ffff:127.0.0.1", loopback)).toBe("allowed");
    expect(why("10.0.0.1", loopback)).toBe("a private network address");

    const privateNets = parseAllowedNetworks(["private"]);
    expect(why("10.0.0.1", privateNets)).toBe("allowed");
    expect(why("fd12::1", privateNets)).toBe("allowed");
    expect(why("fd00:ec2::254", privateNets)).toBe("a cloud metadata address");
    expect(why("127.0.0.1", privateNets)).toBe("a loopback address");

    const ranges = parseAllowedNetworks(["10.20.0.0/16", " 192.168.7.7 ", "169.254.169.254/32"]);
    expect(why("10.20.3.4", ranges)).toBe("allowed");
    expect(why("10.21.3.4", ranges)).toBe("a private network address");
    expect(why("192.168.7.7", ranges)).toBe("allowed");
    expect(why("::ffff:192.168.7.7", ranges)).toBe("allowed");
    expect(why("169.254.169.254", ranges)).toBe("allowed");
    expect(why("169.254.1.1", ranges)).toBe("a link-local address");

    expect(why("127.0.0.1", parseAllowedNetworks(["::ffff:127.0.0.0/104"]))).toBe("allowed");
  });

  it("knows a valid allow-list entry", () => {
    for (const good of ["loopback", "private", "10.0.0.0/8", "::1", "fd00::/8", "192.168.1.4"])
      expect(isAllowedNetworkEntry(good), good).toBe(true);
    for (const bad of ["linklocal", "10.0.0.0/33", "example.com", "10.0.0", "", "*"])
      expect(isAllowedNetworkEntry(bad), bad).toBe(false);
    expect(() => parseAllowedNetworks(["everything"])).toThrow(/everything/);
  });
});

describe("OUTBOUND_ALLOWED_NETWORKS", () => {
  it("is empty by default, and a bad entry stops the start naming the variable", () => {
    expect(parseEnv({}).OUTBOUND_ALLOWED_NETWORKS).toEqual([]);
    expect(
      parseEnv({ OUTBOUND_ALLOWED_NETWORKS: "loopback, 10.20.0.0/16,fd00::/8" })
        .OUTBOUND_ALLOWED_NETWORKS,
    ).toEqual(["loopback", "10.20.0.0/16", "fd00::/8"]);
    for (const bad of ["everything", "10.0.0.0/33", "intranet.example"])
      expect(() => parseEnv({ OUTBOUND_ALLOWED_NETWORKS: bad }), bad).toThrow(
        /OUTBOUND_ALLOWED_NETWORKS/,
      );
  });
});
