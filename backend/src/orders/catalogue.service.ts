import { Injectable } from '@nestjs/common';
import { ADD_ONS, OFFER, PLANS } from './catalogue';
import type { CatalogueResponseDto } from './dto/orders.dto';
import { QUOTE_OPTIONS } from './quote-labels';

@Injectable()
export class CatalogueService {
  get(): CatalogueResponseDto {
    return {
      plans: PLANS.map(({ id, name, monthlyPriceCents, description, features }) => ({ id, name, monthlyPriceCents, description, features: [...features] })),
      addOns: ADD_ONS.map(({ id, name, priceCents, billing, perUnit, description }) => ({ id, name, priceCents, billing, perUnit, description })),
      offer: { ...OFFER },
      quoteOptions: QUOTE_OPTIONS,
    };
  }
}
