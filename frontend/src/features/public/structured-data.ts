import type { AgencyResponseDto, CatalogueResponseDto } from '../../api/generated/model';
import { paths } from '../../config/paths';
import { FAQ } from './home/faq';

/** What the public pages' structured data is made of: the same answers as GET /api/agency and GET /api/catalogue. */
export interface StructuredDataInput {
  agency: AgencyResponseDto;
  catalogue: CatalogueResponseDto;
  /** The public address of the site (APP_URL), without a trailing slash */
  appUrl: string;
  /** The breadcrumb's label of the page below the home page, if it has one */
  crumb?: string;
}

type JsonLd = Record<string, unknown>;

const ORGANIZATION_ID = '#organisation';

/** The agency as a LocalBusiness (a kind of Organization) with its contact details. */
function organization({ agency, appUrl }: StructuredDataInput): JsonLd {
  return {
    '@type': 'ProfessionalService',
    '@id': `${appUrl}/${ORGANIZATION_ID}`,
    name: agency.name,
    legalName: agency.legalName,
    url: `${appUrl}/`,
    logo: `${appUrl}/favicon.svg`,
    image: `${appUrl}/og-image.png`,
    telephone: agency.phone,
    email: agency.email,
    address: { '@type': 'PostalAddress', streetAddress: agency.address, addressCountry: agency.country },
    ...(agency.siret ? { identifier: { '@type': 'PropertyValue', propertyID: 'SIRET', value: agency.siret } } : {}),
    ...(agency.vat ? { vatID: agency.vat } : {}),
    priceRange: '€€',
  };
}

/** The priced plans as Offers of the agency's service (Teams, on quote, has no price and is left out). */
function offers({ catalogue, appUrl }: StructuredDataInput): JsonLd {
  return {
    '@type': 'Service',
    name: 'Création et hébergement de site vitrine',
    serviceType: 'Création de site internet',
    provider: { '@id': `${appUrl}/${ORGANIZATION_ID}` },
    areaServed: { '@type': 'Country', name: 'France' },
    offers: catalogue.plans
      .filter((plan) => plan.monthlyPriceCents !== null)
      .map((plan) => ({
        '@type': 'Offer',
        name: `Formule ${plan.name}`,
        description: plan.description,
        url: `${appUrl}${paths.order}`,
        priceCurrency: 'EUR',
        price: ((plan.monthlyPriceCents ?? 0) / 100).toFixed(2),
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: ((plan.monthlyPriceCents ?? 0) / 100).toFixed(2),
          priceCurrency: 'EUR',
          unitCode: 'MON',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        },
        availability: 'https://schema.org/InStock',
      })),
  };
}

function faqPage(): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: FAQ.map((item) => ({
      '@type': 'Question',
      name: item.q,
      acceptedAnswer: { '@type': 'Answer', text: item.a },
    })),
  };
}

function breadcrumbs(appUrl: string, path: string, crumb: string): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${appUrl}/` },
      { '@type': 'ListItem', position: 2, name: crumb, item: `${appUrl}${path}` },
    ],
  };
}

/**
 * The schema.org graph of a public page (JSON-LD): the agency on every page, the offers on the home page and /services,
 * the FAQ on the home page, a breadcrumb on the pages below it. Null for a page that has none.
 */
export function structuredDataFor(path: string, input: StructuredDataInput): JsonLd | null {
  const graph: JsonLd[] = [organization(input)];
  if (path === paths.home) graph.push(offers(input), faqPage());
  if (path === paths.services) graph.push(offers(input));
  if (input.crumb && path !== paths.home) graph.push(breadcrumbs(input.appUrl, path, input.crumb));
  return { '@context': 'https://schema.org', '@graph': graph };
}
