/**
 * A function of one object, computed once per object and kept while the object lives (a
 * `WeakMap`). For what is derived from objects that are replaced, never changed, when what they
 * hold changes: search documents, a site's settings, loader rows.
 */
export function madeOncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
