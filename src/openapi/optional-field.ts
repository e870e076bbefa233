/** `{ [key]: value }` when value is defined, else `{}`: keeps view data free of undefined fields. */
export function optionalField<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
