import { describe, expect, it } from "vitest";
import { DocumentStore } from "./document-store";

describe("DocumentStore", () => {
  it("gives back each document as stored: keys in order, values of every kind", () => {
    const shared = Object.freeze(["Bluetooth", "Cruise Control"]);
    const when = new Date(0);
    const docs = [
      {
        id: 1,
        name: "2021 Toyota Corolla",
        price: 24990.5,
        big: 1_700_000_000_000,
        negativeZero: -0,
        notANumber: NaN,
        gone: undefined,
        none: null,
        yes: true,
        no: false,
        features: shared,
        images: [
          { url: "a.jpg", thumb: "a.jpg" },
          { url: "b.jpg", thumb: null },
        ],
        nested: { deep: [1, [2, { x: "y" }]] },
        when,
        "2": "an integer key",
        ["__proto__"]: "an own property",
      },
      { id: 2, name: "Second", price: 1 },
    ];
    const store = new DocumentStore();
    docs.forEach((doc, slot) => store.set(slot, doc as Record<string, unknown>));
    docs.forEach((doc, slot) => {
      const back = store.get(slot)!;
      expect(Object.keys(back)).toEqual(Object.keys(doc));
      expect(back).toStrictEqual(doc);
    });
    const first = store.get(0)!;
    expect(Object.is(first.negativeZero, -0)).toBe(true);
    // Shared lists and objects that are not plain data are the same objects, not copies.
    expect(first.features).toBe(shared);
    expect(first.when).toBe(when);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
  });

  it("forgets a deleted document and replaces one set again", () => {
    const store = new DocumentStore(2);
    store.set(0, { id: 1, tags: ["a"] });
    store.set(5, { id: 2, tags: ["b"] });
    expect(store.has(3)).toBe(false);
    store.delete(0);
    expect(store.has(0)).toBe(false);
    expect(store.get(0)).toBeUndefined();
    store.set(5, { id: 2, name: "renamed" });
    expect(store.get(5)).toStrictEqual({ id: 2, name: "renamed" });
  });

  it("keeps strings that do not repeat, and those that do, through the switch between them", () => {
    const store = new DocumentStore();
    const docs = Array.from({ length: 10_000 }, (_, i) => ({
      vin: `VIN${i}`,
      colour: i % 2 ? "White" : "Red",
    }));
    docs.forEach((doc, slot) => store.set(slot, doc));
    docs.forEach((doc, slot) => expect(store.get(slot)).toStrictEqual(doc));
  });

  it("keeps documents of many different key sets as given", () => {
    const store = new DocumentStore();
    const docs = Array.from({ length: 100 }, (_, i) => ({ id: i, [`field${i}`]: [i] }));
    docs.forEach((doc, slot) => store.set(slot, doc));
    docs.forEach((doc, slot) => expect(store.get(slot)).toStrictEqual(doc));
  });
});
