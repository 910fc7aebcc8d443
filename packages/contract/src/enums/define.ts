/** The value type of a constant map such as `EKeyStatus`. */
export type ValueOf<T> = T[keyof T];

/** The values of a constant map, for zod enums and exhaustive loops. */
export function valuesOf<T extends Record<string, string | number>>(map: T): ValueOf<T>[] {
  return Object.values(map) as ValueOf<T>[];
}

/** Reverse look-up: the constant's name for a value, used to build i18n keys. */
export function nameOf<T extends Record<string, string | number>>(map: T, value: ValueOf<T>): keyof T | undefined {
  return (Object.keys(map) as (keyof T)[]).find((key) => map[key] === value);
}
