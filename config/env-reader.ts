import { readFileSync } from 'node:fs';

/** The process environment as `loadConfig` reads it. */
export type Env = Record<string, string | undefined>;

/**
 * Typed readers of environment variables. A value that cannot be read is added to `problems` and its fallback is used,
 * so every problem is reported together at start.
 */
export function createEnvReader(env: Env, problems: string[]) {
  const str = (name: string, fallback: string) => (env[name]?.trim() ? env[name]!.trim() : fallback);
  const opt = (name: string) => (env[name]?.trim() ? env[name]!.trim() : null);
  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const price = (name: string, fallback: number) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
      problems.push(`${name} must be a number of USD, 0 or more (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = opt(name);
    if (raw === null) return fallback;
    if (/^(1|true|yes)$/i.test(raw)) return true;
    if (/^(0|false|no)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };

  /** `host:port` (an IPv6 host in brackets) with a port of 1–65535; null when unset. */
  const listenAddress = (name: string) => {
    const raw = opt(name);
    if (raw === null) return null;
    const port = /^(?:\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(raw)?.[1];
    if (port && Number(port) >= 1 && Number(port) <= 65535) return raw;
    problems.push(`${name} must be host:port, e.g. 0.0.0.0:9464 (got "${raw}")`);
    return null;
  };

  const list = (name: string) =>
    (opt(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');

  /**
   * A secret setting: the variable `name`, or the contents of the file `${name}_FILE` names (Docker and Kubernetes
   * secrets), without its trailing newline. Both set, an unreadable file or an empty one is a problem; null when unset.
   */
  const secret = (name: string) => {
    const fileName = `${name}_FILE`;
    const file = opt(fileName);
    if (file === null) return opt(name);
    if (opt(name) !== null) {
      problems.push(`${name} and ${fileName} are both set; set one of them`);
      return null;
    }
    let contents: string;
    try {
      contents = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${fileName} names a file that cannot be read (${file}: ${(error as Error).message})`);
      return null;
    }
    if (contents.trim() === '') {
      problems.push(`${fileName} names an empty file (${file})`);
      return null;
    }
    return contents;
  };

  return { str, opt, int, price, bool, listenAddress, list, secret };
}

export type EnvReader = ReturnType<typeof createEnvReader>;
