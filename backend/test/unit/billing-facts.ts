import type { EntityManager } from 'typeorm';
import type { BillingFacts } from '../../src/billing-facts/billing-facts';

export interface Heard {
  type: string;
  fact: unknown;
  tx: EntityManager;
}

/**
 * Registers every reaction of billing's facts still missing on `facts` as a listener that records the fact it heard
 * (once per fact, whatever its number of reactions): the reactions under test run for real, the others only listen.
 */
export function hearTheRest(facts: BillingFacts): Heard[] {
  const heard: Heard[] = [];
  const hooked = new Set<string>();
  for (const key of facts.unregistered()) {
    const [type, name] = key.split(' → ') as [never, never];
    const first = !hooked.has(type);
    hooked.add(type);
    facts.on(type, name, async (fact: unknown, tx: EntityManager) => {
      if (first) heard.push({ type, fact, tx });
    });
  }
  return heard;
}
