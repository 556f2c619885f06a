/**
 * A pure function of one key, remembered per key: for the formatting that every page of the catalogue asks
 * again with the same few keys (its instants, its prices), on every request (issue 23). Bounded: emptied
 * when it holds `limit` keys, so a long-running server never keeps more. Not exported by the package: a
 * value handed out is shared, so only what is immutable (a string, a frozen object) belongs here.
 */
export function remembered<Key, Value>(compute: (key: Key) => Value, limit: number) {
  const known = new Map<Key, Value>();
  const lookUp = (key: Key): Value => {
    if (known.has(key)) return known.get(key) as Value;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
  return Object.assign(lookUp, { size: () => known.size });
}
