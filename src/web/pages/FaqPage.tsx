import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLANS } from '@shared/plans';
import { Mailbox } from '../features/contact/Mailbox';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../ui/accordion';
import { PageHeader } from '../ui/page';
import { formatCredits } from '@shared/credit-cost';

const { free, basic, professional, business } = PLANS;

/** seed 000 §2: plans, credits, unused credits, file formats, processing speed, cancellation. */
const faqs: Array<{ id: string; q: string; a: ReactNode }> = [
  {
    id: 'plans',
    q: 'Which plans are available?',
    a: (
      <>
        <p>
          Every account starts on Free with {formatCredits(free.monthlyCredits)} a month. Paid plans unlock the enhancement workspace: Basic at €
          {basic.priceEurPerMonth}/month with {formatCredits(basic.monthlyCredits)}, Professional at €{professional.priceEurPerMonth}/month with{' '}
          {formatCredits(professional.monthlyCredits)}, and Business at €{business.priceEurPerMonth}/month with {formatCredits(business.monthlyCredits)}.
          Enterprise is a custom plan with flexible volume and concurrency — <Link to="/contact">contact sales</Link>.
        </p>
        <p className="mt-3">
          Basic runs one enhancement at a time, Professional and Business four. Compare them on the <Link to="/pricing">pricing page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'credits',
    q: 'How do credits work?',
    a: (
      <p>
        An enhancement costs one credit per started 500 pixels of the longest side of the result. A 1920 × 1080 render upscaled 2× becomes 3840 × 2160 and costs
        8 credits (3840 ÷ 500, rounded up). The workspace shows the cost before you start. Removing an object costs one credit. Credits are charged only when an
        enhancement succeeds: a failed or cancelled job costs nothing.
      </p>
    ),
  },
  {
    id: 'unused-credits',
    q: 'What happens to unused credits?',
    a: (
      <p>
        Credits do not roll over. Your balance is reset to your plan's monthly allowance at the start of each billing period, and again when you change plan, so
        a new plan starts with its full allowance.
      </p>
    ),
  },
  {
    id: 'formats',
    q: 'Which file formats can I upload?',
    a: (
      <p>
        JPEG, PNG, WebP, GIF and BMP. You can drop a whole folder at once; system files such as .DS_Store and Thumbs.db are skipped. The enhanced result can be
        up to 64 megapixels, so choose a smaller upscale for very large originals.
      </p>
    ),
  },
  {
    id: 'speed',
    q: 'How long does processing take?',
    a: (
      <p>
        Most renders finish within seconds to a couple of minutes, depending on the output size and how busy the service is. Each card shows live progress and
        you can keep working on other images meanwhile. Professional and Business run up to four enhancements at the same time.
      </p>
    ),
  },
  {
    id: 'cancellation',
    q: 'Can I cancel my subscription?',
    a: (
      <p>
        Yes, anytime, from Profile → Billing. You keep access to your plan until the end of the period you have paid for, and you can reactivate before then.
        Questions about a charge? Write to <Mailbox kind="support" />.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <>
      <PageHeader eyebrow="FAQ" title="Frequently asked questions">
        Plans, credits, formats, speed and cancellation — the short answers.
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 pb-24 pt-8 sm:px-6">
        <Accordion type="single" collapsible className="border-t border-white/10">
          {faqs.map((f) => (
            <AccordionItem key={f.id} value={f.id}>
              <AccordionTrigger>{f.q}</AccordionTrigger>
              <AccordionContent className="[&_a]:text-violet-300 [&_a]:underline-offset-4 hover:[&_a]:underline">{f.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-10 text-sm text-zinc-500">
          Still have a question?{' '}
          <Link to="/contact" className="text-violet-300 underline underline-offset-4 hover:text-violet-200">
            Get in touch
          </Link>{' '}
          — we usually reply within 24 hours.
        </p>
      </div>
    </>
  );
}
export default FaqPage;
