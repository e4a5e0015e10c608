// One request for callers that ask for the same list at the same time (the customers page and the
// sidebar's badge both load /api/Customers/forCurrentUser on every visit of /customers). The request goes
// on while one caller still waits; it is aborted only when every caller has given up. Nothing is kept once
// it has answered, so a later call (after a change) always asks the server again.
interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiting: number;
}

const flights = new Map<string, Flight<unknown>>();

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export function shared<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  let flight = flights.get(key) as Flight<T> | undefined;
  if (!flight) {
    const controller = new AbortController();
    const created: Flight<T> = { controller, waiting: 0, promise: load(controller.signal) };
    const done = () => {
      if (flights.get(key) === created) flights.delete(key);
    };
    created.promise.then(done, done);
    flights.set(key, created);
    flight = created;
  }
  const current = flight;
  current.waiting += 1;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const leave = () => {
      if (settled) return;
      settled = true;
      current.waiting -= 1;
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      leave();
      reject(abortError());
      if (current.waiting === 0) {
        if (flights.get(key) === current) flights.delete(key);
        current.controller.abort();
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    current.promise.then(
      (value) => {
        if (settled) return;
        leave();
        resolve(value);
      },
      (error: Error) => {
        if (settled) return;
        leave();
        reject(error);
      },
    );
  });
}
