/**
 * A Map that holds at most `max` entries: setting a new key when it is full
 * drops the oldest one (insertion order). For the small caches of values
 * read or compiled at each tool call (globs, ignore files), which must not
 * grow without end in a long session.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
