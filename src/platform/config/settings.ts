// How a setting is declared and read. Each part of the service declares its own settings, every one
// with its environment variable, its default and one line of documentation; one loader reads them.

/** One setting: the value it takes when its variable is unset or empty, and what it means. */
export interface Setting {
  readonly default: string;
  readonly doc: string;
}

export type SettingTable = Readonly<Record<string, Setting>>;

/** The environment the settings are read from: the process's own, or a test's. */
export type Env = Record<string, string | undefined>;

/** A setting with a bad value: the service refuses to start, naming it. */
export class ConfigError extends Error {}

/** A part's table of settings, kept with its literal names so that a reader takes only those. */
export function declareSettings<const T extends SettingTable>(table: T): T {
  return table;
}

export interface Bounds {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** The checked reads of the settings named `Name`; each throws a ConfigError naming the setting. */
export interface Reader<Name extends string> {
  /** The value, trimmed, or the default when unset or empty. */
  get(name: Name): string;
  /** The value, or null when it and the default are empty. */
  optional(name: Name): string | null;
  number(name: Name, bounds?: Bounds): number;
  /** `true` or `false`, any case; `otherwise` when empty. */
  flag(name: Name, otherwise: boolean): boolean;
  /** One of `values`, as written. */
  oneOf<T extends string>(name: Name, values: readonly T[]): T;
  /** An http(s) URL without its trailing slashes, or empty when unset. */
  httpUrl(name: Name): string;
}

/** A reader of `settings` from `env`. */
export function readerOf<T extends SettingTable>(settings: T, env: Env): Reader<keyof T & string> {
  type Name = keyof T & string;
  const get = (name: Name): string => env[name]?.trim() || settings[name]!.default;
  return {
    get,
    optional: (name) => get(name) || null,
    number(name, { min = -Infinity, max = Infinity, integer = false } = {}) {
      const value = Number(get(name));
      if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
        throw new ConfigError(`${name}=${get(name)} is not a valid ${integer ? 'integer' : 'number'} in [${min}, ${max}]`);
      }
      return value;
    },
    flag(name, otherwise) {
      const value = get(name).toLowerCase();
      if (value === '') return otherwise;
      if (value !== 'true' && value !== 'false') throw new ConfigError(`${name}=${get(name)} must be true or false`);
      return value === 'true';
    },
    oneOf<V extends string>(name: Name, values: readonly V[]): V {
      const value = get(name) as V;
      if (!values.includes(value)) throw new ConfigError(`${name}=${value} must be one of ${values.join(', ')}`);
      return value;
    },
    httpUrl(name) {
      const value = get(name);
      if (!value) return value;
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`${name}=${value} is not an http(s) URL`);
      return value.replace(/\/+$/, '');
    },
  };
}
