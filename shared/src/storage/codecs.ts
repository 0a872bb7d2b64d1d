// How a typed value is written to and read back from a string store (Web Storage, cookies).
// Reading never throws: a value someone else wrote in another shape reads as null.

export interface Codec<T> {
  parse(raw: string): T | null;
  serialize(value: T): string;
}

export type CodecValue<C> = C extends Codec<infer T> ? T : never;

export const text: Codec<string> = {
  parse: (raw) => raw,
  serialize: (value) => value,
};

export const integer: Codec<number> = {
  parse: (raw) => {
    const value = Number(raw);
    return raw.trim() !== '' && Number.isInteger(value) ? value : null;
  },
  serialize: (value) => String(value),
};

/** Older clients wrote '1'/'0' as well as 'true'/'false'. */
export const flag: Codec<boolean> = {
  parse: (raw) => (raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : null),
  serialize: (value) => String(value),
};

export function json<T>(): Codec<T> {
  return {
    parse: (raw) => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    serialize: (value) => JSON.stringify(value),
  };
}

export function oneOf<const T extends string>(...allowed: T[]): Codec<T> {
  return {
    parse: (raw) => ((allowed as string[]).includes(raw) ? (raw as T) : null),
    serialize: (value) => value,
  };
}
