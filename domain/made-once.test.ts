import { describe, expect, it } from "vitest";
import { madeOncePer } from "./made-once";

describe("madeOncePer", () => {
  it("computes once per object, and again for another object with the same contents", () => {
    let calls = 0;
    const sizeOf = madeOncePer((list: number[]) => {
      calls += 1;
      return { size: list.length };
    });
    const list = [1, 2, 3];
    expect(sizeOf(list)).toBe(sizeOf(list));
    expect(calls).toBe(1);
    expect(sizeOf([1, 2, 3])).toEqual({ size: 3 });
    expect(calls).toBe(2);
  });
});
