import { recordRequest } from './http-metrics';
import { processRegistry } from './registry';

const lines = async (name: string) =>
  (await processRegistry.metrics()).split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('recordRequest', () => {
  it('counts each request under its route pattern, method and status, and observes its duration in seconds', async () => {
    const route = { path: '/api/sites/:id' };
    recordRequest({ method: 'GET', route }, 200, 12);
    recordRequest({ method: 'GET', route }, 200, 30);
    recordRequest({ method: 'GET', route }, 404, 2);
    recordRequest({ method: 'PATCH', route }, 200, 8);
    expect(await lines('vitrine_http_requests_total')).toEqual([
      'vitrine_http_requests_total{method="GET",route="/api/sites/:id",status="200"} 2',
      'vitrine_http_requests_total{method="GET",route="/api/sites/:id",status="404"} 1',
      'vitrine_http_requests_total{method="PATCH",route="/api/sites/:id",status="200"} 1',
    ]);
    const histogram = await lines('vitrine_http_request_duration_seconds_sum');
    expect(histogram[0]).toMatch(
      /^vitrine_http_request_duration_seconds_sum\{method="GET",route="\/api\/sites\/:id",status="200"\} (\S+)$/,
    );
    expect(Number(histogram[0].split(' ')[1])).toBeCloseTo(0.042, 9);
    expect(await lines('vitrine_http_request_duration_seconds_bucket')).toContain(
      'vitrine_http_request_duration_seconds_bucket{le="0.025",method="GET",route="/api/sites/:id",status="200"} 1',
    );
  });

  it("puts a router's mount path before the pattern, and every request no route took under 'unmatched'", async () => {
    recordRequest({ method: 'GET', baseUrl: '/api/admin', route: { path: '/things/:id' } }, 200, 1);
    recordRequest({ method: 'GET' }, 404, 1);
    recordRequest({ method: 'GET', route: undefined }, 404, 1);
    const counted = await lines('vitrine_http_requests_total');
    expect(counted).toContain('vitrine_http_requests_total{method="GET",route="/api/admin/things/:id",status="200"} 1');
    expect(counted).toContain('vitrine_http_requests_total{method="GET",route="unmatched",status="404"} 2');
  });
});
