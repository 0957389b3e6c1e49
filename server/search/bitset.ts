/** Fixed-size bitsets over 32-bit words, and the few operations the engine needs. */

export type Bitset = Uint32Array;

export function wordsFor(bits: number): number {
  return (bits + 31) >>> 5;
}

export function emptyBitset(bits: number): Bitset {
  return new Uint32Array(wordsFor(bits));
}

export function fullBitset(bits: number): Bitset {
  const set = new Uint32Array(wordsFor(bits)).fill(0xffffffff);
  const tail = bits & 31;
  if (tail !== 0) set[set.length - 1] = (1 << tail) - 1;
  return set;
}

export function setBit(set: Bitset, i: number): void {
  set[i >>> 5]! |= 1 << (i & 31);
}

export function clearBit(set: Bitset, i: number): void {
  set[i >>> 5]! &= ~(1 << (i & 31));
}

export function andInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

export function orInto(target: Bitset, other: Bitset): void {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!;
}

/** target = full AND NOT other. */
export function complement(other: Bitset, bits: number): Bitset {
  const out = fullBitset(bits);
  for (let w = 0; w < out.length; w++) out[w]! &= ~other[w]!;
  return out;
}

export function popcount(set: Bitset): number {
  let count = 0;
  for (let w = 0; w < set.length; w++) {
    let v = set[w]!;
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

export function isEmpty(set: Bitset): boolean {
  for (let w = 0; w < set.length; w++) if (set[w] !== 0) return false;
  return true;
}

/** Indexes of the set bits, ascending. */
export function toIndexes(set: Bitset, count = popcount(set)): Int32Array {
  const out = new Int32Array(count);
  let k = 0;
  for (let w = 0; w < set.length; w++) {
    let v = set[w]!;
    while (v !== 0) {
      const low = v & -v;
      out[k++] = (w << 5) + (31 - Math.clz32(low));
      v ^= low;
    }
  }
  return out;
}

export function growBitset(set: Bitset, bits: number): Bitset {
  const words = wordsFor(bits);
  if (words <= set.length) return set;
  const out = new Uint32Array(Math.max(words, set.length * 2));
  out.set(set);
  return out;
}
