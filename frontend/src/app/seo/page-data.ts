import type { AgencyResponseDto, CatalogueResponseDto } from '../../api/generated/model';

/** The answers a prerendered page was rendered with, embedded in it as JSON so that hydration starts from them. */
export interface PageData {
  agency: AgencyResponseDto;
  catalogue: CatalogueResponseDto;
}

export const PAGE_DATA_ELEMENT_ID = 'vitrine-page-data';

/** The embedded answers of a prerendered page; null on a client-rendered page (or an unreadable element). */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return data.agency && data.catalogue ? (data as PageData) : null;
  } catch {
    return null;
  }
}
