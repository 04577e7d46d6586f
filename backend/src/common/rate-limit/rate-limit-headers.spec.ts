import type { Request, Response } from 'express';
import { requestContext } from '../logging/logger';
import { rateLimitHeaders, sayRateLimit } from './rate-limit-headers';

function answer(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return { headers, headersSent: false, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response & {
    headers: Record<string, string>;
  };
}

describe('the RateLimit-* headers', () => {
  it('say the limit with the fewest requests left among those a request counts against', () => {
    const res = answer();
    rateLimitHeaders({} as Request, res, () => {
      sayRateLimit(5, 1, 3600); // 4 left per address
      sayRateLimit(3, 2, 1800); // 1 left per e-mail: stricter
      sayRateLimit(10, 1, 60); // 9 left: not said
    });
    expect(res.headers).toEqual({ 'RateLimit-Limit': '3', 'RateLimit-Remaining': '1', 'RateLimit-Reset': '1800' });
  });

  it('never go below 0 left, and say nothing outside a request or once the answer is sent', () => {
    const res = answer();
    rateLimitHeaders({} as Request, res, () => sayRateLimit(3, 7, 10.2));
    expect(res.headers['RateLimit-Remaining']).toBe('0');
    expect(res.headers['RateLimit-Reset']).toBe('11');
    expect(() => sayRateLimit(3, 1, 10)).not.toThrow();
    const sent = Object.assign(answer(), { headersSent: true });
    rateLimitHeaders({} as Request, sent, () => sayRateLimit(3, 1, 10));
    expect(sent.headers).toEqual({});
  });

  it("keep their answer in the request logger's context when there is one (no second async context per request)", () => {
    const res = answer();
    const context = { requestId: 'req-1', rateLimitRemaining: Number.POSITIVE_INFINITY };
    let inside: unknown;
    requestContext.run(context, () =>
      rateLimitHeaders({} as Request, res, () => {
        inside = requestContext.getStore();
        sayRateLimit(5, 2, 60);
      }),
    );
    expect(inside).toBe(context);
    expect(res.headers).toEqual({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': '3', 'RateLimit-Reset': '60' });
  });
});
