/** The part of autocannon 8 the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Issue 15's ingestion: a new body per request. */
    requests?: { setupRequest?: (request: { method?: string; path?: string; body?: string; headers?: Record<string, string> }) => object }[];
  }
  interface Result {
    errors: number;
    timeouts: number;
    throughput: { average: number };
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
