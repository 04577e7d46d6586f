import 'reflect-metadata';

type AnyFn = (...args: never[]) => unknown;
/** Every method of T as a jest mock (other members as they are). */
export type Mocked<T> = { [K in keyof T]: T[K] extends AnyFn ? jest.Mock<ReturnType<T[K]>, Parameters<T[K]>> & T[K] : T[K] };

/** An object whose every method is a jest.fn, made on first use; `values` sets some members up front. */
export function automock<T extends object>(values: Partial<Record<keyof T, unknown>> = {}): Mocked<T> {
  const members = new Map<PropertyKey, unknown>(Object.entries(values));
  return new Proxy({} as Mocked<T>, {
    get(_target, key) {
      if (key === 'then') return undefined; // not a promise
      if (!members.has(key)) members.set(key, jest.fn());
      return members.get(key);
    },
    set(_target, key, value) {
      members.set(key, value);
      return true;
    },
  });
}

type Ctor<T> = abstract new (...args: never[]) => T;

/**
 * A service built with an automock for each constructor dependency (read from Nest's design:paramtypes), as immich's
 * `newTestService` does: `given` replaces a dependency by its class (or the index of a parameter injected by token).
 */
export function newTestService<S>(Service: new (...args: never[]) => S, given: Array<[Ctor<unknown> | number, unknown]> = []) {
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', Service) ?? [];
  const overrides = new Map<unknown, unknown>(given);
  const deps = types.map((type, index) =>
    overrides.has(index) ? overrides.get(index) : overrides.has(type) ? overrides.get(type) : automock(),
  );
  const sut = new Service(...(deps as never[]));
  return {
    sut,
    /** The mock (or given value) passed for a dependency */
    mock<T>(type: Ctor<T>): Mocked<T> {
      const index = types.indexOf(type);
      if (index < 0) throw new Error(`${Service.name} does not depend on ${type.name}`);
      return deps[index] as Mocked<T>;
    },
  };
}
