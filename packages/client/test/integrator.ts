// An integrator's script, as it would be written against the published package: type-checked by tsc against the built
// client (dist/*.d.ts) and run with Node by backend/test/client-library.e2e-spec.ts against the running app. It prints
// what it saw as one JSON line, which the test checks.
import {
  type AdminSiteDetailDto,
  type AdminSiteDto,
  type AdminSiteListResponseDto,
  createClient,
  type SiteStatus,
  VitrineApiError,
  type VitrineClient,
} from '@vitrine/client';

const baseUrl = process.env.VITRINE_URL ?? '';
const vitrine = createClient({ baseUrl, apiKey: process.env.VITRINE_API_KEY, headers: { 'User-Agent': 'integrator-test/1.0' } });

// The list, typed from the contract: `sites` and `total`, each site with its owner.
const page: AdminSiteListResponseDto = await vitrine.listAdminSites({ search: 'Boulangerie', sortBy: 'site_name', sortOrder: 'asc' });
const first: AdminSiteDto | undefined = page.sites[0];
const status: SiteStatus | undefined = first?.status;

// A write with the key's `sites:write` scope (audited as the key).
let updated: AdminSiteDetailDto | undefined;
if (first) updated = await vitrine.updateAdminSite(first.id, { domain: 'boulangerie-martin.fr' });

// A wrong key: the documented 401, through the library's error path.
const intruder = createClient({ baseUrl, apiKey: `vk_live_000000000000_${'A'.repeat(43)}` });
let wrongKey: unknown;
try {
  await intruder.listAdminSites();
} catch (error) {
  wrongKey =
    error instanceof VitrineApiError
      ? { name: error.name, status: error.status, message: error.message, body: error.body, isError: error instanceof Error }
      : { unexpected: String(error) };
}

// A route outside the key's scopes: 403, said in French.
let outOfScope: unknown;
try {
  await vitrine.listAdminUsers();
} catch (error) {
  outOfScope = error instanceof VitrineApiError ? { status: error.status, message: error.message } : { unexpected: String(error) };
}

console.log(
  JSON.stringify({
    total: page.total,
    sites: page.sites.map((s) => ({ id: s.id, siteName: s.siteName, status: s.status, ownerEmail: s.owner.email })),
    status,
    updatedDomain: updated?.domain ?? null,
    wrongKey,
    outOfScope,
  }),
);

// Never called: what the compiler refuses (checked by tsc, each line must be an error).
export function refusedByTheTypes(client: VitrineClient): void {
  // @ts-expect-error an unknown status filter
  void client.listAdminSites({ status: 'archived' });
  // @ts-expect-error a site's id is required
  void client.getAdminSite();
  // @ts-expect-error the list has no `items`
  void client.listAdminSites().then((p) => p.items);
  // @ts-expect-error apiKey is a string
  createClient({ baseUrl: 'https://app.example.fr', apiKey: 42 });
}
