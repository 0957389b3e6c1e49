/**
 * The documents of a collection, stored by field rather than as one object each, and made into
 * objects again only when read (the hits a search returns, a document asked for by id).
 *
 * A document object costs V8 an 8-byte slot per field and a heap number per number beyond 31
 * bits: 530 bytes for a vehicle's 63 fields. Here each field is a column over slots: its kind
 * (one byte), small integers in an `Int32Array`, other numbers in a `Float64Array`, repeated
 * strings (makes, colours, statuses) as a code into the field's own table of strings in an
 * `Int32Array`, and everything else (strings that do not repeat, lists, objects) by reference,
 * so lists and objects shared between documents stay shared. About 280 bytes for a vehicle. The
 * object read back equals the one stored: same keys in the same order, the same values.
 *
 * Documents of many different key sets (at most `MAX_SHAPES`) are kept as given past that.
 */

const K_UNDEFINED = 1;
const K_NULL = 2;
const K_TRUE = 3;
const K_FALSE = 4;
const K_INT = 5;
const K_NUMBER = 6;
/** A string from the field's table. */
const K_STRING = 7;
/** A value kept by reference. */
const K_REF = 8;

/** Slot of no document; slot of a document kept as given. */
const NO_SHAPE = -1;
const AS_GIVEN = -2;
const MAX_SHAPES = 64;
/** Objects made again, kept for repeated reads (the same hits page after page). */
const MADE_LIMIT = 4096;
/**
 * A field's strings go in its table until it holds this many and most strings seen were new
 * (stock numbers, VINs): from then on, by reference (a table entry would cost more than it saves).
 */
const TABLE_TRIAL = 4096;
/** At most this many strings in a field's table (it keeps every string it was given). */
const TABLE_MAX = 65_536;

type Document = Record<string, unknown>;

/** A key set: its fields' columns and a function that makes the object from their values. */
type Shape = {
  readonly keys: readonly string[];
  readonly fields: readonly FieldColumn[];
  readonly make: (values: readonly unknown[]) => Document;
};

class FieldColumn {
  kinds: Uint8Array;
  ints: Int32Array | null = null;
  numbers: Float64Array | null = null;
  refs: unknown[] | null = null;
  /** The field's repeated strings (null once it turned out not to repeat). */
  private table: { codes: Map<string, number>; strings: string[] } | null = {
    codes: new Map(),
    strings: [],
  };
  private stringsSeen = 0;

  constructor(private capacity: number) {
    this.kinds = new Uint8Array(capacity);
  }

  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    this.capacity = capacity;
    this.kinds = grown(this.kinds, new Uint8Array(capacity));
    if (this.ints) this.ints = grown(this.ints, new Int32Array(capacity));
    if (this.numbers) this.numbers = grown(this.numbers, new Float64Array(capacity));
    if (this.refs) {
      // Sized once per growth (an array grown by stores keeps up to half again as spare room).
      const refs = new Array<unknown>(capacity);
      for (let slot = 0; slot < this.refs.length; slot++) refs[slot] = this.refs[slot];
      this.refs = refs;
    }
  }

  set(slot: number, value: unknown): void {
    if (this.refs !== null) this.refs[slot] = undefined;
    switch (typeof value) {
      case "undefined":
        this.kinds[slot] = K_UNDEFINED;
        return;
      case "boolean":
        this.kinds[slot] = value ? K_TRUE : K_FALSE;
        return;
      case "number":
        if ((value | 0) === value && !Object.is(value, -0)) {
          this.kinds[slot] = K_INT;
          (this.ints ??= new Int32Array(this.capacity))[slot] = value;
        } else {
          this.kinds[slot] = K_NUMBER;
          (this.numbers ??= new Float64Array(this.capacity))[slot] = value;
        }
        return;
      case "string":
        if (this.table !== null) {
          const code = this.code(this.table, value);
          if (this.table !== null) {
            this.kinds[slot] = K_STRING;
            (this.ints ??= new Int32Array(this.capacity))[slot] = code;
            return;
          }
        }
        break;
      case "object":
        if (value === null) {
          this.kinds[slot] = K_NULL;
          return;
        }
        break;
    }
    this.kinds[slot] = K_REF;
    (this.refs ??= new Array<unknown>(this.capacity))[slot] = value;
  }

  private code(table: NonNullable<FieldColumn["table"]>, value: string): number {
    let code = table.codes.get(value);
    if (code === undefined) {
      code = table.strings.length;
      table.codes.set(value, code);
      table.strings.push(value);
    }
    this.stringsSeen++;
    if (
      (this.stringsSeen === TABLE_TRIAL && table.strings.length * 2 > TABLE_TRIAL) ||
      table.strings.length > TABLE_MAX
    ) {
      this.dropTable(table);
    }
    return code;
  }

  /** From now on strings by reference: the ones coded so far too. */
  private dropTable(table: NonNullable<FieldColumn["table"]>): void {
    this.table = null;
    const refs = (this.refs ??= new Array<unknown>(this.capacity));
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.kinds[slot] !== K_STRING) continue;
      this.kinds[slot] = K_REF;
      refs[slot] = table.strings[this.ints![slot]!];
    }
  }

  get(slot: number): unknown {
    switch (this.kinds[slot]) {
      case K_NULL:
        return null;
      case K_TRUE:
        return true;
      case K_FALSE:
        return false;
      case K_INT:
        return this.ints![slot];
      case K_NUMBER:
        return this.numbers![slot];
      case K_STRING:
        return this.table!.strings[this.ints![slot]!];
      case K_REF:
        return this.refs![slot];
      default:
        return undefined;
    }
  }

  clear(slot: number): void {
    this.kinds[slot] = 0;
    if (this.refs !== null) this.refs[slot] = undefined;
  }
}

function grown<T extends Uint8Array | Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** An object literal with the shape's keys in order (a literal keeps V8's fast properties). */
function maker(keys: readonly string[]): (values: readonly unknown[]) => Document {
  const entries = keys.map(
    (key, i) => `${key === "__proto__" ? `["__proto__"]` : JSON.stringify(key)}: v[${i}]`,
  );
  return new Function("v", `return { ${entries.join(", ")} };`) as (
    values: readonly unknown[],
  ) => Document;
}

export class DocumentStore {
  private shapeOf = new Int32Array(0);
  private readonly shapes: Shape[] = [];
  private readonly shapeIds = new Map<string, number>();
  private readonly fields = new Map<string, FieldColumn>();
  private readonly asGiven = new Map<number, Document>();
  private readonly made = new Map<number, Document>();
  private values: unknown[] = [];
  private lastShape = -1;

  constructor(private capacity = 0) {
    this.grow(capacity);
  }

  grow(capacity: number): void {
    if (capacity <= this.shapeOf.length) return;
    const shapeOf = new Int32Array(capacity).fill(NO_SHAPE);
    shapeOf.set(this.shapeOf);
    this.shapeOf = shapeOf;
    this.capacity = capacity;
    for (const field of this.fields.values()) field.grow(capacity);
  }

  has(slot: number): boolean {
    return slot < this.shapeOf.length && this.shapeOf[slot] !== NO_SHAPE;
  }

  set(slot: number, doc: Document): void {
    this.grow(slot + 1);
    this.made.delete(slot);
    this.asGiven.delete(slot);
    const id = this.shapeFor(doc);
    this.shapeOf[slot] = id;
    if (id === AS_GIVEN) {
      this.asGiven.set(slot, doc);
      return;
    }
    const { keys, fields } = this.shapes[id]!;
    for (let i = 0; i < keys.length; i++) fields[i]!.set(slot, doc[keys[i]!]);
  }

  get(slot: number): Document | undefined {
    const id = slot < this.shapeOf.length ? this.shapeOf[slot]! : NO_SHAPE;
    if (id === NO_SHAPE) return undefined;
    if (id === AS_GIVEN) return this.asGiven.get(slot);
    let doc = this.made.get(slot);
    if (doc !== undefined) return doc;
    const { fields, make } = this.shapes[id]!;
    const values = this.values;
    for (let i = 0; i < fields.length; i++) values[i] = fields[i]!.get(slot);
    doc = make(values);
    values.fill(undefined);
    if (this.made.size >= MADE_LIMIT) this.made.delete(this.made.keys().next().value!);
    this.made.set(slot, doc);
    return doc;
  }

  delete(slot: number): void {
    const id = slot < this.shapeOf.length ? this.shapeOf[slot]! : NO_SHAPE;
    if (id === NO_SHAPE) return;
    this.shapeOf[slot] = NO_SHAPE;
    this.made.delete(slot);
    this.asGiven.delete(slot);
    if (id !== AS_GIVEN) for (const field of this.shapes[id]!.fields) field.clear(slot);
  }

  /** The shape of a document's keys (the last one first: loaded documents share one). */
  private shapeFor(doc: Document): number {
    if (Object.getPrototypeOf(doc) !== Object.prototype) return AS_GIVEN;
    const keys = Object.keys(doc);
    const last = this.shapes[this.lastShape];
    if (last !== undefined && sameKeys(last.keys, keys)) return this.lastShape;
    let id = this.shapeIds.get(keys.join("\u0000"));
    if (id === undefined) {
      if (this.shapes.length >= MAX_SHAPES) return AS_GIVEN;
      id = this.shapes.length;
      this.shapes.push({
        keys,
        fields: keys.map((key) => this.field(key)),
        make: maker(keys),
      });
      this.shapeIds.set(keys.join("\u0000"), id);
      if (this.values.length < keys.length) this.values = new Array<unknown>(keys.length);
    }
    this.lastShape = id;
    return id;
  }

  private field(key: string): FieldColumn {
    let field = this.fields.get(key);
    if (field === undefined) {
      field = new FieldColumn(this.capacity);
      this.fields.set(key, field);
    }
    return field;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
