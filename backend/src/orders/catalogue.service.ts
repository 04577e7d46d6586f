import { Injectable } from '@nestjs/common';
import { ADD_ONS, OFFER, PLANS } from '@vitrine/domain';
import { BUSINESS_FEATURES, DOMAIN_TLDS, ORDER_COLORS, ORDER_STYLES, PHOTO_RULES } from './order-form';
import type { CatalogueResponseDto } from './dto/orders.dto';
import { QUOTE_OPTIONS } from './quote-labels';

@Injectable()
export class CatalogueService {
  get(): CatalogueResponseDto {
    return {
      plans: PLANS.map(({ id, name, monthlyPriceCents, description, features }) => ({
        id,
        name,
        monthlyPriceCents,
        description,
        features: [...features],
      })),
      addOns: ADD_ONS.map(({ id, name, priceCents, billing, perUnit, description }) => ({
        id,
        name,
        priceCents,
        billing,
        perUnit,
        description,
      })),
      offer: { ...OFFER },
      quoteOptions: QUOTE_OPTIONS,
      orderOptions: {
        colors: ORDER_COLORS.map((c) => ({ ...c })),
        styles: ORDER_STYLES.map((s) => ({ ...s })),
        businessFeatures: BUSINESS_FEATURES.map((f) => ({ ...f })),
        domainTlds: [...DOMAIN_TLDS],
        photoRules: { ...PHOTO_RULES, contentTypes: [...PHOTO_RULES.contentTypes] },
      },
    };
  }
}
