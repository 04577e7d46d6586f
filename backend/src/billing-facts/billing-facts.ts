import { Global, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { FactBus } from '../common/fact-bus';
import { type BillingFactMap, HANDLERS } from './facts';

/** The bus of billing's facts (facts.ts): billing publishes, the owning modules register their reactions at start. */
@Injectable()
export class BillingFacts extends FactBus<BillingFactMap, typeof HANDLERS> implements OnApplicationBootstrap {
  constructor() {
    super(HANDLERS);
  }

  /** Every reaction the table names is registered once the application has started, or it does not start. */
  onApplicationBootstrap(): void {
    const missing = this.unregistered();
    if (missing.length) throw new Error(`Réactions aux faits de facturation non inscrites : ${missing.join(', ')}`);
  }
}

@Global()
@Module({ providers: [BillingFacts], exports: [BillingFacts] })
export class BillingFactsModule {}
