declare module "autocannon" {
  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    /** seconds */
    duration: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections: number;
    duration?: number;
    amount?: number;
    /** seconds */
    timeout?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** setupRequest gets a context object per connection */
    requests?: {
      method?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      /** each answer, with the same per-connection context (headers: lower-case names) */
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string>,
      ) => void;
    }[];
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
