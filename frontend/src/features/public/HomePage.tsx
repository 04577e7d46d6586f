import { Faq } from './home/Closing';
import { ClosingCta, Conversion } from './home/Conversion';
import { Hero } from './home/Hero';
import { Guarantees, HowItWorks, OfferCard, Stats } from './home/Highlights';
import { Portfolio } from './home/Portfolio';
import { Pricing } from './home/Pricing';

/** The home page: every section in the spec's order (§2). */
export function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <HowItWorks />
      <OfferCard />
      <Guarantees />
      <Pricing />
      <Portfolio />
      <Conversion />
      <Faq />
      <ClosingCta />
    </>
  );
}
